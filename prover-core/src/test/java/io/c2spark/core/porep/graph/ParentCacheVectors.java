package io.c2spark.core.porep.graph;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.hash.FilecoinSha256;
import io.c2spark.core.porep.testing.TestVectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * rfp storage-proofs-porep/parent_cache.json: digests of the parent graphs, keyed by the cache
 * file name "v28-sdr-parent-" + hex(SHA256(hasher name || graph identifier || feistel keys u64 LE
 * || cache entries u32 LE)) (stacked/vanilla/cache.rs cache_path). Recomputing that name from a
 * registered proof finds its entry without trusting a hand-made table.
 */
final class ParentCacheVectors {
    private final Map<String, String> digestByKey = new HashMap<>();
    private final Map<String, Long> sizeByKey = new HashMap<>();

    ParentCacheVectors() throws IOException {
        String json = TestVectors.text("rust-fil-proofs.parent_cache.json");
        Matcher m = Pattern.compile(
                "\"(v28-sdr-parent-[0-9a-f]{64})\"\\s*:\\s*\\{\\s*\"sector_size\"\\s*:\\s*(\\d+)\\s*,\\s*\"digest\"\\s*:\\s*\"([0-9a-f]{64})\"")
                .matcher(json);
        while (m.find()) {
            digestByKey.put(m.group(1), m.group(3));
            sizeByKey.put(m.group(1), Long.parseLong(m.group(2)));
        }
        if (digestByKey.size() != 10) {
            throw new IllegalStateException("expected 10 entries in parent_cache.json, parsed " + digestByKey.size());
        }
    }

    static String cacheKey(RegisteredSealProof proof) {
        long nodes = proof.shape().nodes();
        String id = "stacked_graph::StackedGraph{expansion_degree: 8 base_graph: drgraph::BucketGraph{size: "
                + nodes + "; degree: 6; hasher: poseidon_hasher} }";
        MessageDigest d = FilecoinSha256.newDigest();
        d.update("poseidon_hasher".getBytes(StandardCharsets.US_ASCII));
        d.update(id.getBytes(StandardCharsets.US_ASCII));
        for (long k : StackedGraph.of(proof).expander().keys()) {
            for (int j = 0; j < 8; j++) {
                d.update((byte) (k >>> (8 * j)));
            }
        }
        for (int j = 0; j < 4; j++) {
            d.update((byte) (nodes >>> (8 * j)));
        }
        return "v28-sdr-parent-" + HexFormat.of().formatHex(d.digest());
    }

    /** The expected digest for a proof's graph; fails when the file has no entry for it. */
    String digest(RegisteredSealProof proof) {
        String key = cacheKey(proof);
        String digest = digestByKey.get(key);
        if (digest == null) {
            throw new IllegalStateException("parent_cache.json has no entry " + key + " for " + proof);
        }
        if (sizeByKey.get(key) != proof.shape().sectorBytes()) {
            throw new IllegalStateException("entry " + key + " is for sector size " + sizeByKey.get(key));
        }
        return digest;
    }
}
