import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistUI

/// `Assets.car` in the inspector: a read-only tree of the compiled catalog.
@Suite struct AssetCatalogSessionTests {
  static var bundle: AppBundle {
    let catalog = CompiledAssetCatalog(assets: [
      CompiledAssetCatalog.Asset(
        name: "AppIcon", identifier: 1, element: 85, part: 220,
        renditions: [
          CSIRendition(
            name: "Icon-1024.png", idiom: .marketing, width: 1024, height: 1024,
            isOpaque: true, layout: 12)
        ])
    ])
    var car = BundleFile(
      path: "Lantern.app/Assets.car", role: .assetCatalog, size: 2048,
      document: catalog.document)
    car.assetCatalog = catalog
    let broken = BundleFile(
      path: "Other.app/Assets.car", role: .assetCatalog, size: 8,
      problem: BundleError(.malformed, "the file is too short for a BOM store header (32 bytes)"))
    let info = UIFixtures.document(UIFixtures.appInfo, "Lantern.app/Info.plist")
    let app = BundleNode(
      path: "Lantern.app", kind: .application, layout: .shallow,
      files: [BundleFile(path: "Lantern.app/Info.plist", role: .infoPlist, document: info), car],
      platforms: [.iOS])
    let other = BundleNode(
      path: "Other.app", kind: .application, layout: .shallow, files: [broken],
      platforms: [.iOS])
    return AppBundle(
      inputPath: "Lantern.app", inputKind: .bundle, isBuilt: true, bundles: [app, other])
  }

  @Test func showsTheCatalogAsATreeThatCannotBeEdited() throws {
    let session = Session(title: "Lantern.app", bundle: Self.bundle)
    let index = try #require(session.files.firstIndex { $0.path == "Lantern.app/Assets.car" })
    let root = try #require(session.files[index].root)
    #expect(
      root.node(at: try KeyPath(parsing: "assets.AppIcon.marketing @1x 1024×1024.width"))?.value
        == .integer(PlistInteger(1024)))
    #expect(session.editBlocker(index)?.contains("compiled asset catalog") == true)
    guard case .unavailable = session.saveTarget(index) else {
      Issue.record("Assets.car must not be saved")
      return
    }
  }

  @Test func anUnreadableCatalogHasARowAndAFinding() throws {
    let session = Session(title: "Lantern.app", bundle: Self.bundle)
    let index = try #require(session.files.firstIndex { $0.path == "Other.app/Assets.car" })
    #expect(session.files[index].problem?.contains("BOM store") == true)
    #expect(
      session.findings.contains {
        $0.ruleID == "unreadable_asset_catalog" && $0.file == "Other.app/Assets.car"
      })
  }
}
