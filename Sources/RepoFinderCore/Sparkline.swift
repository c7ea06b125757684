/// A one-line chart of a series in block characters (`▁▂▃▄▅▆▇█`), for a terminal.
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The series drawn with one block per value, lowest value `▁`, highest `█` (all `▄` when flat). Longer series
    /// are shrunk to `width` blocks, each the last value of its stretch (star counts are cumulative).
    public static func render(_ values: [Int], width: Int = 60) -> String {
        guard !values.isEmpty, width > 0 else { return "" }
        let sampled: [Int]
        if values.count > width {
            sampled = (1...width).map { values[($0 * values.count) / width - 1] }
        } else {
            sampled = values
        }
        guard let low = sampled.min(), let high = sampled.max(), high > low else {
            return String(repeating: blocks[3], count: sampled.count)
        }
        let span = Double(high - low)
        return String(
            sampled.map { value in
                blocks[min(blocks.count - 1, Int(Double(value - low) / span * Double(blocks.count - 1) + 0.5))]
            })
    }
}
