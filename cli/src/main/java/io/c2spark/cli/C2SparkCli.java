package io.c2spark.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code c2spark} command line: one subcommand per tool, each with its own --help. */
@Command(name = "c2spark", mixinStandardHelpOptions = true, version = "c2spark 0.1.0",
        description = "Filecoin PoRep C2 (Groth16 over BLS12-381) prover.",
        subcommands = {CommandLine.HelpCommand.class, BenchCommand.class, C1InfoCommand.class,
            CircuitInfoCommand.class, Groth16Command.class, SealCommand.class, SynthC1Command.class,
            SdrGraphCommand.class, ParamsCommand.class, ParamsCheckCommand.class, ProveCommand.class, VerifyCommand.class})
public final class C2SparkCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        int status = Groth16Command.runPlainProve(args);
        System.exit(status >= 0 ? status : FileErrorHandler.install(new CommandLine(new C2SparkCli())).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
