public import Foundation

/// A type the system can share, drag or copy.
public protocol Transferable {}

extension URL: Transferable {}
extension Never: Transferable {}
