package io.c2spark.spark.job;

import com.esotericsoftware.kryo.Kryo;
import io.c2spark.spark.io.SectorFile;
import io.c2spark.spark.task.PartitionOutcome;
import io.c2spark.spark.task.PartitionTask;
import io.c2spark.spark.task.PrepareOutcome;
import io.c2spark.spark.task.SetupRefusal;
import io.c2spark.spark.workload.Device;
import java.util.HashMap;
import java.util.LinkedHashMap;
import org.apache.spark.serializer.KryoRegistrator;

/**
 * Registers every class that travels between driver and executors (task inputs in the RDDs, task
 * results), so Kryo writes a class id rather than a class name. Tests run with
 * spark.kryo.registrationRequired=true, which fails on any class missing here. The classes here
 * stay classes, not records: Spark's Kryo 4 builds its field serializer from field offsets, which
 * the JVM refuses for a record's fields, so registering a record fails.
 */
public final class C2SparkKryoRegistrator implements KryoRegistrator {
    @Override
    public void registerClasses(Kryo kryo) {
        kryo.register(SectorFile.class);
        kryo.register(PartitionTask.class);
        kryo.register(PrepareOutcome.class);
        kryo.register(PartitionOutcome.class);
        kryo.register(SetupRefusal.class);
        kryo.register(Device.class);
        kryo.register(Device.Source.class);
        kryo.register(HashMap.class);
        kryo.register(LinkedHashMap.class);
        kryo.register(byte[].class);
        kryo.register(long[].class);
        kryo.register(SectorFile[].class);
        kryo.register(PartitionTask[].class);
    }
}
