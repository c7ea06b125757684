import StorageSQL

extension SharedSQL {
    /// Rewrites `?` placeholders as `$1`, `$2`, … (none appear inside string literals in our SQL).
    static func postgresPlaceholders(_ sql: String) -> String {
        var result = ""
        var index = 0
        for character in sql {
            if character == "?" {
                index += 1
                result += "$\(index)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
