package io.c2spark.core.snarkjs;

import io.c2spark.core.input.Excerpt;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The iden3 binary container that .r1cs, .wtns and .zkey share (@iden3/binfileutils): a 4-byte
 * magic, a u32 version, a u32 section count, then sections of (u32 type, u64 size, bytes), all
 * little-endian. Each section is memory-mapped on demand. Errors name the file and the section.
 */
final class BinFile implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private final Map<Integer, List<long[]>> sections = new HashMap<>();

    private BinFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** Opens path and checks its magic and version (at most maxVersion). */
    static BinFile open(Path path, String magic, int maxVersion) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        BinFile f = new BinFile(path, ch);
        try {
            f.scan(magic, maxVersion);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
        return f;
    }

    private void scan(String magic, int maxVersion) throws IOException {
        long fileSize = channel.size();
        ByteBuffer head = read(0, 12, "header");
        byte[] m = new byte[4];
        head.get(m);
        String got = new String(m, StandardCharsets.ISO_8859_1);
        if (!got.equals(magic)) {
            throw error("magic is " + Excerpt.quoted(got) + ", expected \"" + magic + "\"");
        }
        int version = head.getInt();
        if (version < 1 || version > maxVersion) {
            throw error("version " + version + " is not supported (at most " + maxVersion + ")");
        }
        int n = head.getInt();
        long pos = 12;
        for (int i = 0; i < n; i++) {
            ByteBuffer h = read(pos, 12, "section header " + i);
            int type = h.getInt();
            long size = h.getLong();
            pos += 12;
            if (size < 0 || size > fileSize - pos) {
                throw error("section " + type + " of " + size + " bytes runs past the end of the file");
            }
            sections.computeIfAbsent(type, k -> new ArrayList<>()).add(new long[] {pos, size});
            pos += size;
        }
    }

    private ByteBuffer read(long pos, int len, String what) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (channel.read(b, pos + b.position()) < 0) {
                throw error("truncated " + what);
            }
        }
        return b.flip();
    }

    boolean has(int type) {
        return sections.containsKey(type);
    }

    /** The single section of this type, mapped, little-endian, positioned at 0. */
    ByteBuffer section(int type, String name) throws IOException {
        List<long[]> list = sections.get(type);
        if (list == null) {
            throw error("missing section " + type + " (" + name + ")");
        }
        if (list.size() > 1) {
            throw error("section " + type + " (" + name + ") appears " + list.size() + " times");
        }
        long[] s = list.get(0);
        if (s[1] > Integer.MAX_VALUE) {
            throw error("section " + type + " (" + name + ") has " + s[1] + " bytes, more than one mapping holds");
        }
        MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_ONLY, s[0], s[1]);
        map.order(ByteOrder.LITTLE_ENDIAN);
        return map;
    }

    /** Fails unless the section of this type has exactly the expected size. */
    void expectSize(ByteBuffer section, long expected, int type, String name) {
        if (section.capacity() != expected) {
            throw error("section " + type + " (" + name + ") has " + section.capacity() + " bytes, expected " + expected);
        }
    }

    IllegalArgumentException error(String message) {
        return new IllegalArgumentException(path + ": " + message);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
