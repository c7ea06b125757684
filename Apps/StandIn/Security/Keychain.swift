public import Foundation

// The Keychain calls the app makes, as Swift sees Apple's C declarations, over a keychain kept in memory (so the app's
// token store is tested here). The CoreFoundation types are spelled through Linux's Foundation (NSDictionary and
// NSString bridge to Swift's dictionaries and strings the same way CFDictionary and CFString do on Apple platforms).

/// A CoreFoundation dictionary (bridged from `[String: Any]`).
public typealias CFDictionary = NSDictionary
/// A CoreFoundation string (bridged to `String`).
public typealias CFString = NSString
/// Any CoreFoundation object.
public typealias CFTypeRef = AnyObject
/// A result code.
public typealias OSStatus = Int32

/// The item class key.
nonisolated(unsafe) public let kSecClass: CFString = "class"
/// A generic password item.
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
/// The item's service.
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
/// The item's account.
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
/// When the item can be read.
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
/// Readable after the first unlock until restart.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
/// The item's secret.
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
/// Whether to return the secret.
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
/// How many items to match.
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
/// Match one item.
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"

/// No error.
public var errSecSuccess: OSStatus { 0 }
/// No item matched.
public var errSecItemNotFound: OSStatus { -25300 }
/// The item exists already.
public var errSecDuplicateItem: OSStatus { -25299 }

/// The stand-in's keychain: generic passwords by service and account.
package final class StandInKeychain: @unchecked Sendable {
    package static let shared = StandInKeychain()
    private let lock = NSLock()
    private var items: [String: Data] = [:]

    package func reset() { lock.withLock { items = [:] } }
    package var count: Int { lock.withLock { items.count } }

    fileprivate static func key(_ query: CFDictionary) -> String? {
        guard let fields = query as? [String: Any],
            fields[kSecClass as String] as? String == kSecClassGenericPassword as String
        else { return nil }
        return "\(fields[kSecAttrService as String] ?? "")/\(fields[kSecAttrAccount as String] ?? "")"
    }

    fileprivate func with<T>(_ body: (inout [String: Data]) -> T) -> T { lock.withLock { body(&items) } }
}

/// Adds an item.
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let key = StandInKeychain.key(attributes),
        let data = (attributes as? [String: Any])?[kSecValueData as String] as? Data
    else { return -50 }
    return StandInKeychain.shared.with { items in
        if items[key] != nil { return errSecDuplicateItem }
        items[key] = data
        return errSecSuccess
    }
}

/// Finds an item (and returns its secret when asked).
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let key = StandInKeychain.key(query) else { return -50 }
    return StandInKeychain.shared.with { items in
        guard let data = items[key] else { return errSecItemNotFound }
        result?.pointee = data as NSData
        return errSecSuccess
    }
}

/// Changes an item.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    guard let key = StandInKeychain.key(query),
        let data = (attributesToUpdate as? [String: Any])?[kSecValueData as String] as? Data
    else { return -50 }
    return StandInKeychain.shared.with { items in
        guard items[key] != nil else { return errSecItemNotFound }
        items[key] = data
        return errSecSuccess
    }
}

/// Deletes an item.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    guard let key = StandInKeychain.key(query) else { return -50 }
    return StandInKeychain.shared.with { items in
        items.removeValue(forKey: key) == nil ? errSecItemNotFound : errSecSuccess
    }
}
