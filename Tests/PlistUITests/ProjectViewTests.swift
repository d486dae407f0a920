import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// A project in the inspector: the source Info.plist first, the generated one showing the
/// findings of the values it took and where each value comes from, and pbxproj objects named
/// as Xcode's comments name them.
@Suite struct ProjectViewTests {
  static let pbxproj = """
    // !$*UTF8*$!
    {
      archiveVersion = 1;
      objectVersion = 77;
      objects = {
        P1 = { isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T1); };
        G0 = { isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
        F1 = { isa = PBXFileReference; path = App/AppDelegate.swift; sourceTree = "<group>"; };
        B1 = { isa = PBXBuildFile; fileRef = F1; };
        PL = { isa = XCConfigurationList; buildConfigurations = (PD); defaultConfigurationName = Debug; };
        PD = { isa = XCBuildConfiguration; buildSettings = {
            SDKROOT = iphoneos;
          }; name = Debug; };
        T1 = { isa = PBXNativeTarget; buildConfigurationList = TL; name = App; productName = App; productType = "com.apple.product-type.application"; };
        TL = { isa = XCConfigurationList; buildConfigurations = (TD); };
        TD = { isa = XCBuildConfiguration; buildSettings = {
            GENERATE_INFOPLIST_FILE = YES;
            INFOPLIST_FILE = App/Info.plist;
            INFOPLIST_KEY_NSCameraUsageDescription = "";
            MARKETING_VERSION = 1.0;
            CURRENT_PROJECT_VERSION = 1;
            PRODUCT_BUNDLE_IDENTIFIER = org.example.app;
            PRODUCT_NAME = App;
          }; name = Debug; };
      };
      rootObject = P1;
    }
    """

  static let info = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>NSAppTransportSecurity</key>
    \t<dict>
    \t\t<key>NSAllowsArbitraryLoads</key>
    \t\t<true/>
    \t</dict>
    \t<key>CFBundleDisplayName</key>
    \t<string>$(PRODUCT_NAME)</string>
    </dict>
    </plist>
    """

  static func session() throws -> (Session, String) {
    let root = TemporaryFolder.uniqueURL("project").path
    for (path, text) in [("App.xcodeproj/project.pbxproj", pbxproj), ("App/Info.plist", info)] {
      let full = root + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
    return (Session(title: root, bundle: try BundleLoader.load(path: root)), root)
  }

  @Test func theSourceComesFirstAndTheGeneratedFileShowsItsFindingsAndProvenance() throws {
    let (session, root) = try Self.session()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let branch = try #require(session.branches.firstIndex { $0.name == "App" })
    let names = session.branches[branch].children.compactMap { item -> String? in
      guard case .node(let file, _) = item else { return nil }
      return session.files[file].isGenerated ? "generated" : session.files[file].path
    }
    #expect(names.first == "App/Info.plist")
    #expect(names.dropFirst().first == "generated")
    let generated = try #require(session.files.firstIndex { $0.isGenerated })
    let keys = session.files[generated].root?.value.dictionaryValue?.keys ?? []
    func row(_ key: String) throws -> OutlineItem {
      .node(file: generated, path: [try #require(keys.firstIndex(of: key))])
    }
    // The source Info.plist's ATS finding marks the same key in the generated file.
    let ats = try row("NSAppTransportSecurity")
    guard case .node(_, let atsPath) = ats else { return }
    let loads = OutlineItem.node(file: generated, path: atsPath + [0])
    #expect(session.key(loads) == "NSAllowsArbitraryLoads")
    let own = session.ownFindings[loads] ?? []
    #expect(own.contains { session.findings[$0].file == "App/Info.plist" })
    #expect(session.markers[ats] != nil)
    // Where each value comes from.
    let fromFile = try #require(session.provenance(of: ats))
    guard case .file(let path, let location) = fromFile.source else {
      Issue.record("not from the file: \(fromFile.source)")
      return
    }
    #expect(path == "App/Info.plist")
    #expect(location.line == 4)
    let identifier = try #require(session.provenance(of: try row("CFBundleIdentifier")))
    guard case .buildSetting(let name, let origin) = identifier.source else {
      Issue.record("not from a setting: \(identifier.source)")
      return
    }
    #expect(name == "PRODUCT_BUNDLE_IDENTIFIER")
    #expect(origin.path == "App.xcodeproj/project.pbxproj")
    #expect(origin.line == 22)
    // The detail pane says so.
    var state = AppState(session: session, size: Size(width: 120, height: 40))
    state.select(try row("CFBundleIdentifier"), reveal: .center)
    let detail = DetailPane.lines(state, width: 100).map { $0.map(\.text).joined() }
    #expect(
      detail.contains(
        "From       PRODUCT_BUNDLE_IDENTIFIER at App.xcodeproj/project.pbxproj:22 (target level)"))
    state.select(ats, reveal: .center)
    let atsDetail = DetailPane.lines(state, width: 100).map { $0.map(\.text).joined() }
    #expect(atsDetail.contains("From       App/Info.plist:4"))
    // A nested key names its own line; a value with settings in it names them.
    state.select(loads, reveal: .center)
    let nested = DetailPane.lines(state, width: 100).map { $0.map(\.text).joined() }
    #expect(nested.contains("From       App/Info.plist:6"))
    state.select(try row("CFBundleDisplayName"), reveal: .center)
    let display = DetailPane.lines(state, width: 100).map { $0.map(\.text).joined() }
    #expect(display.contains("From       App/Info.plist:9, expanding $(PRODUCT_NAME)"))
    // A finding on the line of the setting that gave a value marks the generated key.
    let camera = try row("NSCameraUsageDescription")
    let cameraFindings = (session.ownFindings[camera] ?? []).map { session.findings[$0] }
    #expect(cameraFindings.contains { $0.file == "App.xcodeproj/project.pbxproj" })
  }

  @Test func projectObjectsAreNamedAsXcodeCommentsThem() throws {
    let (session, root) = try Self.session()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let project = try #require(session.files.firstIndex { $0.role == .projectFile })
    let top = session.files[project].root?.value.dictionaryValue
    let objectsIndex = try #require(top?.keys.firstIndex(of: "objects"))
    let objects = try #require(top?["objects"]?.value.dictionaryValue)
    func label(_ id: String) throws -> String? {
      let i = try #require(objects.keys.firstIndex(of: id))
      return session.projectObjectLabel(.node(file: project, path: [objectsIndex, i]))
    }
    #expect(try label("TD") == "XCBuildConfiguration Debug")
    #expect(try label("T1") == "PBXNativeTarget App")
    #expect(try label("F1") == "PBXFileReference AppDelegate.swift")
    #expect(try label("B1") == "PBXBuildFile AppDelegate.swift")
    #expect(try label("P1") == "PBXProject Project object")
    #expect(try label("TL") == "XCConfigurationList")
    // Not an object: no label.
    #expect(session.projectObjectLabel(.node(file: project, path: [objectsIndex])) == nil)
  }
}
