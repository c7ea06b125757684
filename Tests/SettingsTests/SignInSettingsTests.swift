import Foundation
import RepoFinderServer
import RepoFinderSettings
import Testing

@Suite("Settings of sign-in: the public URL web sign-ins come back to, and the device sign-ins allowed at once")
struct SignInSettingsTests {
    @Test("PUBLIC_URL and DEVICE_SIGN_INS from the environment; flags win; defaults: none and 100")
    func readsThem() throws {
        let defaults = try Settings(environment: [:]).server()
        #expect(defaults.publicURL == nil)
        #expect(defaults.deviceSignIns == 100)
        let environment = ["PUBLIC_URL": "https://repofinder.example", "DEVICE_SIGN_INS": "7"]
        let set = try Settings(environment: environment).server()
        #expect(set.publicURL == URL(string: "https://repofinder.example"))
        #expect(set.deviceSignIns == 7)
        let flagged = try Settings(
            flags: [.publicURL: "http://10.0.0.5:8080", .deviceSignIns: "3"], environment: environment
        ).server()
        #expect(flagged.publicURL == URL(string: "http://10.0.0.5:8080"))
        #expect(flagged.deviceSignIns == 3)
    }

    @Test("a public URL that is not an http(s) origin, or a count out of range, is refused naming its setting")
    func refusesBadValues() {
        for address in [
            "repofinder.example", "ftp://repofinder.example", "https://user:pw@repofinder.example",
            "https://repofinder.example/?next=x", "https://repofinder.example/#x", "https://",
        ] {
            #expect(throws: SettingsError.self, "\(address)") {
                try Settings(environment: ["PUBLIC_URL": address]).server()
            }
        }
        for count in ["0", "-1", "many"] {
            #expect(throws: SettingsError.self, "\(count)") {
                try Settings(environment: ["DEVICE_SIGN_INS": count]).server()
            }
        }
    }
}
