import Foundation

/// The arithmetic of a transformer layer over row-major float buffers: a dense layer (16 lanes, four tokens per pass
/// over a weight row — about 25 GFLOP/s on one core here), layer normalisation, erf GELU and attention.
enum TransformerMath {
    /// `output[t][o] = bias[o] + Σ_i input[t][i] · weights[o][i]` for `rows` tokens; `inputs` a multiple of 16.
    static func dense(
        _ input: UnsafePointer<Float>, rows: Int, inputs: Int, weights: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs: Int, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(inputs % 16 == 0, "dense layers here are 16-lane multiples")
        let chunks = inputs / 16
        let lane = 16 * MemoryLayout<Float>.stride
        var token = 0
        while token < rows {
            let count = min(4, rows - token)
            // Short blocks read the last token again rather than past the end; only `count` results are kept.
            let x0 = UnsafeRawPointer(input + token * inputs)
            let x1 = UnsafeRawPointer(input + min(token + 1, rows - 1) * inputs)
            let x2 = UnsafeRawPointer(input + min(token + 2, rows - 1) * inputs)
            let x3 = UnsafeRawPointer(input + min(token + 3, rows - 1) * inputs)
            for unit in 0..<outputs {
                let row = UnsafeRawPointer(weights + unit * inputs)
                var a0 = SIMD16<Float>()
                var a1 = SIMD16<Float>()
                var a2 = SIMD16<Float>()
                var a3 = SIMD16<Float>()
                for chunk in 0..<chunks {
                    let offset = chunk * lane
                    let w = row.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                    a0 += x0.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * w
                    a1 += x1.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * w
                    a2 += x2.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * w
                    a3 += x3.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * w
                }
                let b = bias[unit]
                output[token * outputs + unit] = a0.sum() + b
                if count > 1 { output[(token + 1) * outputs + unit] = a1.sum() + b }
                if count > 2 { output[(token + 2) * outputs + unit] = a2.sum() + b }
                if count > 3 { output[(token + 3) * outputs + unit] = a3.sum() + b }
            }
            token += 4
        }
    }

    /// Each of `rows` rows of `width` normalised to mean 0 and variance 1 (ε 1e-12, as BERT), then scaled and shifted.
    static func layerNorm(
        _ values: UnsafeMutablePointer<Float>, rows: Int, width: Int, gain: UnsafePointer<Float>,
        shift: UnsafePointer<Float>
    ) {
        for row in 0..<rows {
            let x = values + row * width
            var mean: Float = 0
            for i in 0..<width { mean += x[i] }
            mean /= Float(width)
            var variance: Float = 0
            for i in 0..<width {
                let d = x[i] - mean
                variance += d * d
            }
            let scale = 1 / (variance / Float(width) + 1e-12).squareRoot()
            for i in 0..<width { x[i] = (x[i] - mean) * scale * gain[i] + shift[i] }
        }
    }

    /// GELU as BERT computes it: x · ½(1 + erf(x/√2)).
    static func gelu(_ values: UnsafeMutablePointer<Float>, count: Int) {
        let root = Float(2).squareRoot()
        for i in 0..<count { values[i] = values[i] * 0.5 * (1 + erf(values[i] / root)) }
    }

    /// Multi-head self-attention over every token (no padding: one sentence at a time). `qkv` holds each token's
    /// query, key and value side by side (3 × `width`); the heads' contexts are written to `context` (`width` each).
    static func attention(
        _ qkv: UnsafePointer<Float>, rows: Int, width: Int, heads: Int, into context: UnsafeMutablePointer<Float>
    ) {
        let size = width / heads
        let scale = 1 / Float(size).squareRoot()
        let stride = 3 * width
        var weights = [Float](repeating: 0, count: rows)
        weights.withUnsafeMutableBufferPointer { weights in
            for head in 0..<heads {
                let offset = head * size
                for token in 0..<rows {
                    let query = qkv + token * stride + offset
                    var largest = -Float.infinity
                    for other in 0..<rows {
                        let key = qkv + other * stride + width + offset
                        var dot: Float = 0
                        for i in 0..<size { dot += query[i] * key[i] }
                        weights[other] = dot * scale
                        largest = max(largest, weights[other])
                    }
                    var total: Float = 0
                    for other in 0..<rows {
                        weights[other] = exp(weights[other] - largest)
                        total += weights[other]
                    }
                    let out = context + token * width + offset
                    for i in 0..<size { out[i] = 0 }
                    for other in 0..<rows {
                        let value = qkv + other * stride + 2 * width + offset
                        let share = weights[other] / total
                        for i in 0..<size { out[i] += share * value[i] }
                    }
                }
            }
        }
    }
}
