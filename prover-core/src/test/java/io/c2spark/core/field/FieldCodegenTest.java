package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FieldCodegenTest {
    private static final Path DIR = Path.of("src/main/java/io/c2spark/core/field");

    @Test
    void committedFieldsMatchTheGenerator() throws IOException {
        assertEquals(FieldCodegen.frSource(), Files.readString(DIR.resolve("Fr.java"), StandardCharsets.UTF_8),
                "Fr.java differs from FieldCodegen's output: rerun FieldCodegen");
        assertEquals(FieldCodegen.fpSource(), Files.readString(DIR.resolve("Fp.java"), StandardCharsets.UTF_8),
                "Fp.java differs from FieldCodegen's output: rerun FieldCodegen");
    }

    @Test
    void committedWorkingFormRoundsMatchTheGenerator() throws IOException {
        for (String form : new String[] {"Fp56", "Fr52"}) {
            String text = Files.readString(DIR.resolve(form + ".java"), StandardCharsets.UTF_8);
            assertEquals(FieldCodegen.workingFormRounds(form), FieldCodegen.committedRounds(text),
                    form + ".java's rounds differ from FieldCodegen's output: rerun FieldCodegen");
        }
    }
}
