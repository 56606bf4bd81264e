package io.c2spark.spark.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Lists the sectors of a batch from c2spark.input: a directory (its files with the C1 suffix), a
 * glob, a manifest (a file ending in {@value #MANIFEST_SUFFIX}: one path per line, relative to the
 * manifest's folder, blank lines and # comments ignored) or one file. Directories and globs skip
 * hidden files (names starting with . or _, as Hadoop's input formats do: temporary files among
 * them). A sector is named by its file
 * name without the suffix; two files with one name are an error, as is an empty set.
 */
public final class InputSet {
    public static final String MANIFEST_SUFFIX = ".manifest";

    private InputSet() {
    }

    public static List<SectorFile> resolve(Configuration conf, String spec, String suffix) throws IOException {
        Path path = new Path(spec);
        FileSystem fs = path.getFileSystem(conf);
        List<FileStatus> files = new ArrayList<>();
        if (isGlob(spec)) {
            FileStatus[] matches = fs.globStatus(path);
            if (matches != null) {
                for (FileStatus s : matches) {
                    if (s.isFile() && !hidden(s.getPath())) {
                        files.add(s);
                    }
                }
            }
        } else {
            if (!fs.exists(path)) {
                throw new IOException("c2spark.input: " + fs.makeQualified(path) + " does not exist");
            }
            FileStatus status = fs.getFileStatus(path);
            if (status.isDirectory()) {
                for (FileStatus s : fs.listStatus(path)) {
                    if (s.isFile() && s.getPath().getName().endsWith(suffix) && !hidden(s.getPath())) {
                        files.add(s);
                    }
                }
            } else if (path.getName().endsWith(MANIFEST_SUFFIX)) {
                files.addAll(readManifest(fs, status.getPath()));
            } else {
                files.add(status);
            }
        }
        files.sort(Comparator.comparing(s -> s.getPath().toString()));
        Map<String, SectorFile> byId = new LinkedHashMap<>();
        for (FileStatus s : files) {
            String name = s.getPath().getName();
            String id = name.endsWith(suffix) && name.length() > suffix.length()
                    ? name.substring(0, name.length() - suffix.length()) : name;
            SectorFile f = new SectorFile(id, s.getPath().toString(), s.getLen());
            SectorFile prev = byId.putIfAbsent(id, f);
            if (prev != null) {
                throw new IOException("c2spark.input: two inputs name sector " + id + ": " + prev.path()
                        + " and " + f.path());
            }
        }
        if (byId.isEmpty()) {
            throw new IOException("c2spark.input: no input files at " + spec
                    + (isGlob(spec) ? "" : " (a directory's files must end in " + suffix + ")"));
        }
        return new ArrayList<>(byId.values());
    }

    private static List<FileStatus> readManifest(FileSystem fs, Path manifest) throws IOException {
        List<FileStatus> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(manifest), StandardCharsets.UTF_8))) {
            String line;
            int lineNo = 0;
            while ((line = r.readLine()) != null) {
                lineNo++;
                String t = line.trim();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                Path p = new Path(t);
                if (!p.isAbsolute() && p.toUri().getScheme() == null) {
                    p = new Path(manifest.getParent(), p);
                }
                FileSystem pfs = p.getFileSystem(fs.getConf());
                if (!pfs.exists(p) || !pfs.getFileStatus(p).isFile()) {
                    throw new IOException("c2spark.input: " + manifest + " line " + lineNo + ": " + p
                            + " is not a file");
                }
                out.add(pfs.getFileStatus(p));
            }
        }
        return out;
    }

    private static boolean hidden(Path p) {
        return p.getName().startsWith(".") || p.getName().startsWith("_");
    }

    private static boolean isGlob(String spec) {
        return spec.indexOf('*') >= 0 || spec.indexOf('?') >= 0 || spec.indexOf('[') >= 0 || spec.indexOf('{') >= 0;
    }
}
