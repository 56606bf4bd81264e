package io.c2spark.core.porep.c1;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** An input stream that remembers whether a read ran into the end of its data, and where that is. */
final class EndTrackingInputStream extends FilterInputStream {
    private boolean reachedEnd;
    private long bytesRead;

    EndTrackingInputStream(InputStream in) {
        super(in);
    }

    boolean reachedEnd() {
        return reachedEnd;
    }

    /** Bytes read so far: the data's length once {@link #reachedEnd} is true. */
    long bytesRead() {
        return bytesRead;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        reachedEnd |= b < 0;
        bytesRead += b < 0 ? 0 : 1;
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        reachedEnd |= n < 0;
        bytesRead += Math.max(n, 0);
        return n;
    }
}
