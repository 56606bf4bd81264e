package io.c2spark.spark.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputSetTest {
    @TempDir
    File tmp;

    private final Configuration conf = new Configuration();
    private FileSystem fs;
    private Path dir;

    @BeforeEach
    void setUp() throws IOException {
        fs = FileSystem.getLocal(conf);
        dir = new Path(tmp.toURI());
        for (String n : new String[] {"b.json", "a.json", "c.txt", ".hidden.json", "_x.json", "sub/d.json"}) {
            TestSectors.writeRaw(fs, new Path(dir, n), "x");
        }
    }

    private static List<String> ids(List<SectorFile> l) {
        return l.stream().map(SectorFile::sectorId).collect(Collectors.toList());
    }

    @Test
    void aDirectoryListsItsFilesWithTheSuffixInOrder() throws IOException {
        List<SectorFile> l = InputSet.resolve(conf, dir.toString(), ".json");
        assertEquals(List.of("a", "b"), ids(l));
        assertEquals(1, l.get(0).length());
        assertTrue(l.get(0).path().endsWith("/a.json"));
    }

    @Test
    void aGlobAManifestAndOneFile() throws IOException {
        assertEquals(List.of("a", "b", "d"), ids(InputSet.resolve(conf, dir + "/{*,sub/*}.json", ".json")));
        TestSectors.writeRaw(fs, new Path(dir, "m.manifest"), "# batch\n sub/d.json \n\n" + new Path(dir, "c.txt") + "\n");
        assertEquals(List.of("c.txt", "d"), ids(InputSet.resolve(conf, new Path(dir, "m.manifest").toString(), ".json")));
        assertEquals(List.of("b"), ids(InputSet.resolve(conf, new Path(dir, "b.json").toString(), ".json")));
    }

    @Test
    void errorsNameWhatIsWrong() throws IOException {
        IOException e = assertThrows(IOException.class, () -> InputSet.resolve(conf, dir + "/nope", ".json"));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        e = assertThrows(IOException.class, () -> InputSet.resolve(conf, dir + "/*.c1", ".json"));
        assertTrue(e.getMessage().contains("no input files"), e.getMessage());
        TestSectors.writeRaw(fs, new Path(dir, "bad.manifest"), "a.json\nmissing.json\n");
        e = assertThrows(IOException.class, () -> InputSet.resolve(conf, dir + "/bad.manifest", ".json"));
        assertTrue(e.getMessage().contains("bad.manifest line 2") && e.getMessage().contains("missing.json"), e.getMessage());
        TestSectors.writeRaw(fs, new Path(dir, "other/a.json"), "y");
        TestSectors.writeRaw(fs, new Path(dir, "clash.manifest"), "a.json\nother/a.json\n");
        e = assertThrows(IOException.class, () -> InputSet.resolve(conf, dir + "/clash.manifest", ".json"));
        assertTrue(e.getMessage().contains("two inputs name sector a"), e.getMessage());
    }
}
