/// GitHub's rule for a login (a username or an organization's name), checked the same way by the server, the app
/// core and the web app.
public enum GitHubLogin {
    /// The longest login GitHub allows.
    public static let maximumLength = 39

    /// 1–39 ASCII letters, digits and single hyphens, not first or last.
    public static func isValid(_ login: String) -> Bool {
        guard (1...maximumLength).contains(login.utf8.count), !login.hasPrefix("-"), !login.hasSuffix("-"),
            !login.contains("--")
        else { return false }
        return login.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }

    /// What to tell a person whose entry is not a login.
    public static func problem(with login: String) -> String {
        "'\(login)' is not a GitHub login: logins have 1 to \(maximumLength) letters, digits or single hyphens, "
            + "and do not start or end with a hyphen."
    }
}
