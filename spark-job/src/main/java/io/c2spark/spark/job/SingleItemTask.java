package io.c2spark.spark.job;

import io.c2spark.spark.task.TaskPlace;
import java.io.Serializable;
import scala.Function1;
import scala.collection.Iterator;

/**
 * A task function over an RDD partition that holds exactly one item (the driver makes one Spark
 * partition per sector or per proof partition), run with the place Spark gave the task.
 */
abstract class SingleItemTask<T> implements Function1<Iterator<T>, Object>, Serializable {
    private static final long serialVersionUID = 1L;

    private final String oneItemOnly;

    /** oneItemOnly: the message when the partition holds more than one item. */
    SingleItemTask(String oneItemOnly) {
        this.oneItemOnly = oneItemOnly;
    }

    @Override
    public final Object apply(Iterator<T> items) {
        T item = items.next();
        if (items.hasNext()) {
            throw new IllegalStateException(oneItemOnly);
        }
        return run(item, TaskPlace.current());
    }

    /** The task's result: an outcome, or a {@link io.c2spark.spark.task.SetupRefusal}. */
    abstract Object run(T item, TaskPlace place);
}
