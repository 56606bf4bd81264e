package io.c2spark.cli.fuzz;

/**
 * How one case ended. REFUSED: the input was malformed and refused cleanly (one line naming the
 * file, the malformed-input status, nothing written). REJECTED: well formed, but verification said
 * no (exit status 1, nothing written). HARMLESS: accepted, with the result the untouched file gives.
 * ACCEPTED: accepted, with another result that is right for the file as given (a changed ticket in
 * a C1 file, a proving key of another circuit whose proof verifies against its own key). DEFECT:
 * anything else: a stack trace, a wrong status, several lines, a file not named, a file left
 * behind, a mutated proof, public input or key that verified, the time or heap budget exceeded.
 */
public record Verdict(Outcome outcome, String detail) {
    public enum Outcome { REFUSED, REJECTED, HARMLESS, ACCEPTED, DEFECT }

    static Verdict refused(String message) {
        return new Verdict(Outcome.REFUSED, message);
    }

    static Verdict rejected(String message) {
        return new Verdict(Outcome.REJECTED, message);
    }

    static Verdict harmless() {
        return new Verdict(Outcome.HARMLESS, "");
    }

    static Verdict accepted(String what) {
        return new Verdict(Outcome.ACCEPTED, what);
    }

    static Verdict defect(String problem) {
        return new Verdict(Outcome.DEFECT, problem);
    }

    boolean isDefect() {
        return outcome == Outcome.DEFECT;
    }
}
