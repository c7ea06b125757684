// Signing in through a web page. On a Mac the SwiftUI part (`WebAuthenticationSession`) comes from Apple's cross-import
// overlay when a file imports both this module and SwiftUI; here this module re-exports the stand-in's overlay.
@_exported import _AuthenticationServices_SwiftUI
