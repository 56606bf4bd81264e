package io.c2spark.bench;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.ChallengeWitness;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Groth16 setup and CPU proving (bellperson semantics) on a mid-size circuit of bits and field
 * products, half of its aux values bits; and, run only when named, the parameters of a whole 2KiB
 * PoRep partition (2.7 million constraints, minutes).
 */
final class Groth16Benchmarks {
    /** Steps of the mid-size circuit: 2 constraints each, 32,002 with the input constraints: m = 2^15. */
    private static final int STEPS = 16_000;

    private Groth16Benchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(setup(), prove());
    }

    /** Heavy ones: run only when named with --only. */
    static List<Benchmark> heavy() {
        return List.of(porepSetup(SectorShape.SIZE_2KIB));
    }

    /** Per step: a bit b with (1 - b) b = 0, a field value f and z = f (x + b) for the public input x. */
    static Circuit bitsAndProducts(int steps) {
        return cs -> {
            Random rnd = new Random(42);
            long[] x = new long[Fr.LIMBS];
            Fr.random(rnd, x, 0);
            int xv = cs.allocateInput(x, 0);
            long[] f = new long[Fr.LIMBS];
            long[] z = new long[Fr.LIMBS];
            for (int i = 0; i < steps; i++) {
                boolean bit = rnd.nextBoolean();
                int b = cs.allocateBit(bit);
                cs.enforce(() -> "boolean", a -> a.add(cs.one()).sub(b), lb -> lb.add(b), lc -> { });
                Fr.random(rnd, f, 0);
                int fv = cs.allocate(f, 0);
                Fr.add(x, 0, bit ? Fr.FIELD.one() : new long[Fr.LIMBS], 0, z, 0);
                Fr.mul(f, 0, z, 0, z, 0);
                int zv = cs.allocate(z, 0);
                cs.enforce(() -> "product", a -> a.add(fv), lb -> lb.add(xv).add(b), lc -> lc.add(zv));
            }
        };
    }

    private static R1csShape midSizeShape() {
        return ShapeSystem.of(bitsAndProducts(STEPS), true);
    }

    /** Parameters from fixed toxic waste, so every run does the same work. */
    private static Parameters parameters(R1csShape shape) {
        return ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(1)));
    }

    private static Benchmark setup() {
        return new Benchmark("groth16-setup", 2L * STEPS, "constraint") {
            R1csShape shape;
            /** Kept so the JIT cannot drop the work. */
            Parameters last;

            public void setUp() {
                shape = midSizeShape();
            }

            public void run() {
                last = parameters(shape);
            }
        };
    }

    private static Benchmark prove() {
        return new Benchmark("groth16-prove", 2L * STEPS, "constraint") {
            CpuProver prover;
            Witness witness;
            Object last;

            public void setUp() {
                R1csShape shape = midSizeShape();
                prover = new CpuProver(shape, parameters(shape));
                witness = WitnessSystem.of(bitsAndProducts(STEPS));
            }

            public void run() {
                last = prover.prove(witness, new Random(2));
            }
        };
    }

    private static Benchmark porepSetup(SectorShape sector) {
        return new Benchmark("groth16-setup-porep-" + sector.label().toLowerCase(), 0, "constraint") {
            R1csShape shape;
            Parameters last;

            /** The partition's constraints, counted when setUp builds its shape: minutes, too long for the registry. */
            @Override
            public long size() {
                return shape == null ? 0 : shape.numConstraints();
            }

            public void setUp() {
                List<ChallengeWitness> blank = new ArrayList<>();
                for (int i = 0; i < sector.challengesPerPartition(); i++) {
                    blank.add(ChallengeWitness.blank(sector.layers(), sector.treeD(), sector.treeR()));
                }
                shape = ShapeSystem.of(new StackedCircuit(sector.layers(), new long[5 * Fr.LIMBS], blank), true);
            }

            public void run() {
                last = null;
                last = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(1)),
                        System.out::println);
            }
        };
    }
}
