/// Whole numbers written for people, the same in the command line and the web app.
public enum Number {
    /// Digits in groups of three: 42184 → "42,184", -1234567 → "-1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}
