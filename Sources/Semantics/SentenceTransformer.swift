/// all-MiniLM-L6-v2's transformer over its real weights: BERT's forward pass (6 layers, 12 heads, 384 wide, erf
/// GELU, layer norm after each block), mean-pooled and normalised as sentence-transformers does. One sentence at a
/// time, on the calling thread: about 20–30 ms for a question of 30 tokens in a release build.
///
/// Memory: the layers in float32 (42 MB) and the word embeddings in bfloat16 (23 MB, rounded to nearest; their
/// error is below a thousandth of the pooled vector's components).
public struct SentenceTransformer: Sendable {
    /// Components of a sentence vector.
    public static let width = 384
    static let layers = 6
    static let heads = 12
    static let intermediate = 1536
    /// The longest input, special tokens included (sentence-transformers' `max_seq_length` for this model).
    public static let maximumTokens = 256

    /// The vocabulary's size (rows of the word embeddings).
    public let vocabularySize: Int
    /// Word embeddings as bfloat16: the upper half of each float32.
    let words: [UInt16]
    /// Position embeddings plus the token-type-0 embedding, for the first ``maximumTokens`` positions.
    let positions: [Float]
    let embeddingGain: [Float]
    let embeddingShift: [Float]
    let blocks: [Block]

    /// One encoder layer's weights (PyTorch's layout: each output unit's weights in a row).
    struct Block: Sendable {
        /// Query, key and value stacked: 3 × 384 rows of 384.
        var qkv: [Float]
        var qkvBias: [Float]
        var attentionOut: [Float]
        var attentionOutBias: [Float]
        var attentionGain: [Float]
        var attentionShift: [Float]
        var up: [Float]
        var upBias: [Float]
        var down: [Float]
        var downBias: [Float]
        var outputGain: [Float]
        var outputShift: [Float]
    }

    /// Reads the weights from a `model.safetensors` in memory.
    init(_ tensors: SafeTensors, vocabularySize: Int) throws(SentenceModelError) {
        let width = Self.width
        self.vocabularySize = vocabularySize
        let wordFloats = try tensors.floats("embeddings.word_embeddings.weight", shape: [vocabularySize, width])
        words = wordFloats.map(Self.bfloat16)
        let position = try tensors.floats("embeddings.position_embeddings.weight", shape: [512, width])
        let type = try tensors.floats("embeddings.token_type_embeddings.weight", shape: [2, width])
        positions = (0..<(Self.maximumTokens * width)).map { position[$0] + type[$0 % width] }
        embeddingGain = try tensors.floats("embeddings.LayerNorm.weight", shape: [width])
        embeddingShift = try tensors.floats("embeddings.LayerNorm.bias", shape: [width])
        var blocks: [Block] = []
        for layer in 0..<Self.layers {
            let p = "encoder.layer.\(layer)."
            func weight(_ name: String, _ shape: [Int]) throws(SentenceModelError) -> [Float] {
                try tensors.floats(p + name, shape: shape)
            }
            let parts = ["query", "key", "value"]
            var qkv: [Float] = []
            var qkvBias: [Float] = []
            for part in parts {
                qkv += try weight("attention.self.\(part).weight", [width, width])
                qkvBias += try weight("attention.self.\(part).bias", [width])
            }
            blocks.append(
                Block(
                    qkv: qkv, qkvBias: qkvBias,
                    attentionOut: try weight("attention.output.dense.weight", [width, width]),
                    attentionOutBias: try weight("attention.output.dense.bias", [width]),
                    attentionGain: try weight("attention.output.LayerNorm.weight", [width]),
                    attentionShift: try weight("attention.output.LayerNorm.bias", [width]),
                    up: try weight("intermediate.dense.weight", [Self.intermediate, width]),
                    upBias: try weight("intermediate.dense.bias", [Self.intermediate]),
                    down: try weight("output.dense.weight", [width, Self.intermediate]),
                    downBias: try weight("output.dense.bias", [width]),
                    outputGain: try weight("output.LayerNorm.weight", [width]),
                    outputShift: try weight("output.LayerNorm.bias", [width])))
        }
        self.blocks = blocks
    }

    /// The unit sentence vector of `tokenIDs` (`[CLS]` … `[SEP]`, at most ``maximumTokens``; ids out of the
    /// vocabulary are not allowed): every token's last hidden state, averaged, normalised.
    public func sentenceVector(tokenIDs: [Int]) -> [Float] {
        precondition(!tokenIDs.isEmpty && tokenIDs.count <= Self.maximumTokens, "1…256 tokens")
        let rows = tokenIDs.count
        let width = Self.width
        var hidden = [Float](repeating: 0, count: rows * width)
        for (row, id) in tokenIDs.enumerated() {
            precondition(id >= 0 && id < vocabularySize, "token id out of the vocabulary")
            for i in 0..<width {
                hidden[row * width + i] =
                    Float(bitPattern: UInt32(words[id * width + i]) << 16)
                    + positions[row * width + i]
            }
        }
        var qkv = [Float](repeating: 0, count: rows * 3 * width)
        var context = [Float](repeating: 0, count: rows * width)
        var wide = [Float](repeating: 0, count: rows * Self.intermediate)
        hidden.withUnsafeMutableBufferPointer { hidden in
            let x = hidden.baseAddress!
            TransformerMath.layerNorm(x, rows: rows, width: width, gain: embeddingGain, shift: embeddingShift)
            qkv.withUnsafeMutableBufferPointer { qkv in
                context.withUnsafeMutableBufferPointer { context in
                    wide.withUnsafeMutableBufferPointer { wide in
                        for block in blocks {
                            Self.apply(block, x, rows: rows, qkv.baseAddress!, context.baseAddress!, wide.baseAddress!)
                        }
                    }
                }
            }
        }
        var pooled = [Float](repeating: 0, count: width)
        for row in 0..<rows {
            for i in 0..<width { pooled[i] += hidden[row * width + i] }
        }
        let length = VectorMath.dot(pooled, pooled).squareRoot()
        return length > 0 ? pooled.map { $0 / length } : pooled
    }

    /// One encoder layer, in place on `x`.
    private static func apply(
        _ block: Block, _ x: UnsafeMutablePointer<Float>, rows: Int, _ qkv: UnsafeMutablePointer<Float>,
        _ context: UnsafeMutablePointer<Float>, _ wide: UnsafeMutablePointer<Float>
    ) {
        let width = Self.width
        let intermediate = Self.intermediate
        TransformerMath.dense(
            x, rows: rows, inputs: width, weights: block.qkv, bias: block.qkvBias, outputs: 3 * width, into: qkv)
        TransformerMath.attention(qkv, rows: rows, width: width, heads: heads, into: context)
        // The attention's output projection, added to what came in, normalised (qkv's first rows reused).
        TransformerMath.dense(
            context, rows: rows, inputs: width, weights: block.attentionOut, bias: block.attentionOutBias,
            outputs: width, into: qkv)
        for i in 0..<(rows * width) { x[i] += qkv[i] }
        TransformerMath.layerNorm(x, rows: rows, width: width, gain: block.attentionGain, shift: block.attentionShift)
        TransformerMath.dense(
            x, rows: rows, inputs: width, weights: block.up, bias: block.upBias, outputs: intermediate, into: wide)
        TransformerMath.gelu(wide, count: rows * intermediate)
        TransformerMath.dense(
            wide, rows: rows, inputs: intermediate, weights: block.down, bias: block.downBias, outputs: width,
            into: context)
        for i in 0..<(rows * width) { x[i] += context[i] }
        TransformerMath.layerNorm(x, rows: rows, width: width, gain: block.outputGain, shift: block.outputShift)
    }

    /// A float32 rounded to the nearest bfloat16 (ties to even), as its 16 upper bits.
    static func bfloat16(_ value: Float) -> UInt16 {
        let bits = value.bitPattern
        let rounded = bits &+ 0x7FFF &+ ((bits >> 16) & 1)
        return UInt16(truncatingIfNeeded: rounded >> 16)
    }
}
