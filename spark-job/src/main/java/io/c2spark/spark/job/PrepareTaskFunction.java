package io.c2spark.spark.job;

import io.c2spark.spark.io.FileSystems;
import io.c2spark.spark.io.HadoopConf;
import io.c2spark.spark.io.SectorFile;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.task.PrepareOutcome;
import io.c2spark.spark.task.SetupRefusal;
import io.c2spark.spark.task.TaskPlace;
import io.c2spark.spark.workload.InvalidSectorException;
import io.c2spark.spark.workload.PreparedSector;
import io.c2spark.spark.workload.SectorPreparer;
import io.c2spark.spark.workload.SectorSource;
import io.c2spark.spark.workload.SetupException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The prepare task of one sector: runs the workload's preparer over the input file and writes the
 * compact partition inputs under the run's work directory. A rejected input becomes an outcome, and
 * an executor that cannot work (its prover did not start) a {@link SetupRefusal}: no retry, it
 * would fail again. An I/O error is thrown so Spark retries the task, and a retry starts from an
 * empty sector directory.
 */
final class PrepareTaskFunction extends SingleItemTask<SectorFile> {
    private static final long serialVersionUID = 1L;

    private final Settings settings;
    private final HadoopConf hadoopConf;
    private final String workRoot;

    PrepareTaskFunction(Settings settings, HadoopConf hadoopConf, String workRoot) {
        super("a prepare task takes one sector");
        this.settings = settings;
        this.hadoopConf = hadoopConf;
        this.workRoot = workRoot;
    }

    @Override
    Object run(SectorFile file, TaskPlace place) {
        long start = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        try {
            SectorPreparer preparer = ExecutorState.get(settings).preparer();
            Configuration conf = hadoopConf.toConfiguration();
            Path dir = WorkFiles.sectorDir(workRoot, file.sectorId());
            FileSystem workFs = FileSystems.forWriting(dir, conf);
            workFs.delete(dir, true);
            if (!workFs.mkdirs(dir)) {
                throw new IOException("cannot create work directory " + dir);
            }
            Path input = new Path(file.path());
            SectorSource source = new HadoopSector(file.sectorId(), file.path(), file.length(),
                    input.getFileSystem(conf), input);
            TreeSet<Integer> written = new TreeSet<>();
            PreparedSector prepared;
            try {
                prepared = preparer.prepare(source, index -> {
                    if (!written.add(index)) {
                        throw new IllegalStateException("partition " + index + " written twice");
                    }
                    return (OutputStream) workFs.create(WorkFiles.partitionInput(workRoot, file.sectorId(), index), true);
                });
            } catch (InvalidSectorException e) {
                workFs.delete(dir, true);
                return rejected(file, e.getMessage(), start, startMillis, place);
            }
            int n = prepared.partitions();
            if (written.size() != n || written.first() != 0 || written.last() != n - 1) {
                throw new IllegalStateException("the preparer of " + file + " declared " + n
                        + " partitions but wrote inputs " + written);
            }
            long[] sizes = new long[n];
            for (int k = 0; k < n; k++) {
                sizes[k] = workFs.getFileStatus(WorkFiles.partitionInput(workRoot, file.sectorId(), k)).getLen();
            }
            return new PrepareOutcome(file.sectorId(), null, n, prepared.statement(), prepared.facts(), sizes,
                    System.nanoTime() - start, place.executorId(), place.host(), place.attempt(), startMillis,
                    System.currentTimeMillis());
        } catch (SetupException e) {
            return new SetupRefusal("prepare", file.sectorId(), 0, place, e.getMessage());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("prepare " + file + ": " + e.getMessage(), e);
        }
    }

    /** The sector's input file on its Hadoop file system. */
    private record HadoopSector(String sectorId, String path, long length, FileSystem fs, Path input)
            implements SectorSource {
        @Override
        public InputStream open() throws IOException {
            return fs.open(input);
        }
    }

    private static PrepareOutcome rejected(SectorFile file, String reason, long start, long startMillis, TaskPlace place) {
        return new PrepareOutcome(file.sectorId(), reason == null ? "rejected" : reason, 0, new byte[0], Map.of(),
                new long[0], System.nanoTime() - start, place.executorId(), place.host(), place.attempt(), startMillis,
                System.currentTimeMillis());
    }
}
