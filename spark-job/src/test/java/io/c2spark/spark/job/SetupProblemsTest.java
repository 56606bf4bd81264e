package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The run stops only when every live executor has a setup problem, and says each reason once. */
class SetupProblemsTest {
    @Test
    void everyLiveExecutorMustHaveOne() {
        SetupProblems p = new SetupProblems();
        assertEquals(Optional.empty(), p.noExecutorCanProve(Set.of()), "no executor yet: wait for one");
        assertTrue(p.record(new SetupProblems.Problem("0", "a", "no parameters X")));
        assertFalse(p.record(new SetupProblems.Problem("0", "a", "something later")), "the first reason stays");
        assertEquals(Optional.empty(), p.noExecutorCanProve(Set.of("0", "1")), "executor 1 may still prove");
        assertEquals(Optional.of("no parameters X (executor 0 on a)"), p.noExecutorCanProve(Set.of("0")),
                "executor 1 is gone");
        p.record(new SetupProblems.Problem("1", "b", "no parameters X"));
        p.record(new SetupProblems.Problem("2", "c", "unreadable Y"));
        assertEquals(Optional.of("no parameters X (executors 0 on a, 1 on b); unreadable Y (executor 2 on c)"),
                p.noExecutorCanProve(Set.of("0", "1", "2")));
        assertEquals(Map.of("no parameters X", List.of("0", "1"), "unreadable Y", List.of("2")), p.byReason());
    }
}
