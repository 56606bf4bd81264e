pragma circom 2.0.0;

// A test circuit for the snarkjs format readers: a chain of multiplications, a 16-bit
// decomposition (booleanity constraints and one long linear combination) and two public inputs.
template MultiplierChain(n) {
    signal input a;
    signal input b;
    signal input c;
    signal output out;

    signal bits[16];
    var packed = 0;
    for (var i = 0; i < 16; i++) {
        bits[i] <-- (c >> i) & 1;
        bits[i] * (bits[i] - 1) === 0;
        packed += bits[i] * (1 << i);
    }
    packed === c;

    signal x[n];
    x[0] <== a * b;
    for (var i = 1; i < n; i++) {
        x[i] <== x[i - 1] * (x[i - 1] + i);
    }
    out <== x[n - 1] * (b + c);
}

component main {public [a, c]} = MultiplierChain(200);
