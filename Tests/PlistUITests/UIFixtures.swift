import Foundation
import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistUI

/// A small built iOS app of our own, with an extension, for screen tests.
enum UIFixtures {
  static let appInfo = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDisplayName</key>
    \t<string>Lantern</string>
    \t<key>CFBundleExecutable</key>
    \t<string>Lantern</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>org.example.lantern</string>
    \t<key>CFBundleInfoDictionaryVersion</key>
    \t<string>6.0</string>
    \t<key>CFBundlePackageType</key>
    \t<string>APPL</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>1.2</string>
    \t<key>CFBundleVersion</key>
    \t<string>7</string>
    \t<key>CFBundleSupportedPlatforms</key>
    \t<array>
    \t\t<string>iPhoneOS</string>
    \t</array>
    \t<key>DTSDKName</key>
    \t<string>iphoneos26.0</string>
    \t<key>LSRequiresIPhoneOS</key>
    \t<true/>
    \t<key>MinimumOSVersion</key>
    \t<string>16.0</string>
    \t<key>NSCameraUsageDescription</key>
    \t<string></string>
    \t<key>UIDeviceFamily</key>
    \t<array>
    \t\t<integer>1</integer>
    \t\t<integer>2</integer>
    \t</array>
    \t<key>UILaunchScreen</key>
    \t<dict/>
    \t<key>UIRequiresFullscreen</key>
    \t<true/>
    \t<key>UISupportedInterfaceOrientations</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t</array>
    \t<key>LanternMotto</key>
    \t<string>light 相机 🔦 \u{1B}]52;c;aGk=\u{07}\u{1B}[2J\u{202E}dne\u{9B}31m end</string>
    \t<key>LanternSeed</key>
    \t<data>3q2+7w==</data>
    </dict>
    </plist>
    """

  static let extensionInfo = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleExecutable</key>
    \t<string>LanternWidgets</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>org.example.lantern.widgets</string>
    \t<key>CFBundlePackageType</key>
    \t<string>XPC!</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>1.2</string>
    \t<key>CFBundleVersion</key>
    \t<string>7</string>
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>com.apple.widgetkit-extension</string>
    \t</dict>
    \t<key>CFBundleName</key>
    \t<string>LanternWidgets</string>
    \t<key>CFBundleDisplayName</key>
    \t<string>Lantern Widgets</string>
    </dict>
    </plist>
    """

  static func document(_ text: String, _ path: String) -> PlistDocument {
    do {
      return try PlistReader.read(bytes: Array(text.utf8), file: path)
    } catch {
      Issue.record("fixture \(path) does not parse: \(error)")
      return PlistDocument(root: PlistNode(.dictionary(PlistDictionary())), format: .xml)
    }
  }

  static var bundle: AppBundle {
    let appex = BundleNode(
      path: "Lantern.app/PlugIns/LanternWidgets.appex", kind: .appExtension, layout: .shallow,
      files: [
        BundleFile(
          path: "Lantern.app/PlugIns/LanternWidgets.appex/Info.plist", role: .infoPlist,
          size: extensionInfo.utf8.count,
          document: document(extensionInfo, "LanternWidgets.appex/Info.plist"))
      ], platforms: [.iOS])
    let app = BundleNode(
      path: "Lantern.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "Lantern.app/Info.plist", role: .infoPlist, size: appInfo.utf8.count,
          document: document(appInfo, "Lantern.app/Info.plist"))
      ], children: [appex], platforms: [.iOS])
    return AppBundle(inputPath: "Lantern.app", inputKind: .bundle, isBuilt: true, bundles: [app])
  }

  static var session: Session { Session(title: "Lantern.app", bundle: bundle) }

  /// Runs a key script on a fresh inspector of `size` and returns the final state and screen.
  static func run(_ script: String, size: Size = Size(width: 80, height: 24)) -> (AppState, Canvas)
  {
    let terminal = VirtualTerminal(size: size, events: VirtualTerminal.keys(script))
    let (_, state) = Inspector.run(
      AppState(session: session, size: size), theme: .builtInDefault, on: terminal)
    return (state, terminal.screen)
  }

  /// Draws `state` once on a virtual terminal of its size (no keys) and returns the final
  /// state and screen.
  static func render(_ state: AppState) -> (AppState, Canvas) {
    let terminal = VirtualTerminal(size: state.size, events: [])
    let (_, final) = Inspector.run(state, theme: .builtInDefault, on: terminal)
    return (final, terminal.screen)
  }
}
