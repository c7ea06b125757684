// On Apple platforms `import AuthenticationServices` next to `import SwiftUI` brings in the cross-import overlay
// `_AuthenticationServices_SwiftUI` (WebAuthenticationSession); Linux has no cross-import overlays, so the stand-in
// re-exports it.
@_exported public import _AuthenticationServices_SwiftUI
