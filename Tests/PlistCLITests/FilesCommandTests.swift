import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistCLI

@Suite struct FilesCommandTests {
  static func bundle() -> AppBundle {
    let info = """
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>org.example.demo</string>
      <key>CFBundleShortVersionString</key><string>1.2</string>
      <key>CFBundleVersion</key><string>7</string>
      <key>DTPlatformName</key><string>iphoneos</string>
      <key>DTSDKName</key><string>iphoneos18.2</string>
      <key>CFBundleExecutable</key><string>Demo</string>
      </dict></plist>
      """
    let tree = MemoryTree(
      name: "Demo.app",
      files: [
        "Demo.app/Info.plist": Array(info.utf8),
        "Demo.app/PrivacyInfo.xcprivacy": Array("<plist><dict/></plist>".utf8),
        "Demo.app/PlugIns/Share.appex/Info.plist": Array("<plist><dict>".utf8),
      ])
    let node = BundleWalker(tree: tree).walk("Demo.app", kind: .application)
    return AppBundle(inputPath: "Demo.app", inputKind: .bundle, isBuilt: true, bundles: [node])
  }

  @Test func listsBundlesAndFilesWithTheirRoles() {
    #expect(
      FilesCommand.render(Self.bundle()) == """
        Demo.app: bundle (built), iOS
          Demo.app/  app  org.example.demo  1.2 (7)  [iOS]  SDK iphoneos18.2
            Demo.app/Info.plist  (Info.plist, XML, 361 B)
            Demo.app/PrivacyInfo.xcprivacy  (privacy manifest, XML, 22 B)
            Demo.app/Demo  (executable, missing)  ! CFBundleExecutable names "Demo", which is not in the bundle
            Demo.app/PlugIns/Share.appex/  app extension
              Demo.app/PlugIns/Share.appex/Info.plist  (Info.plist, 13 B)  ! 1:14: unexpected end of the text inside <dict>: expected a value

        """)
  }

  @Test func writesJSONForScripts() throws {
    let json = try JSONSerialization.jsonObject(with: Data(FilesCommand.json(Self.bundle())))
    let root = try #require(json as? [String: Any])
    #expect(root["kind"] as? String == "bundle")
    #expect(root["platforms"] as? [String] == ["iOS"])
    let bundles = try #require(root["bundles"] as? [[String: Any]])
    #expect(bundles.first?["identifier"] as? String == "org.example.demo")
    let files = try #require(bundles.first?["files"] as? [[String: Any]])
    #expect(
      files.map { $0["role"] as? String } == ["infoPlist", "privacyManifest", "executable"])
    let problem = try #require(files[2]["problem"] as? [String: Any])
    #expect(problem["kind"] as? String == "notFound")
    #expect((problem["message"] as? String)?.hasSuffix("which is not in the bundle") == true)
    #expect(root["formatVersion"] as? Int == 1)
    #expect(bundles.first?["kind"] as? String == "application")
    #expect(files.map { $0["missing"] as? Bool } == [nil, nil, true])
  }
}
