import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistUI

/// Adding keys where the cursor is: completion inside an exception domain and a privacy
/// manifest entry, pick lists for categories and reason codes, a new item of the type the
/// catalog gives, a typed prefix of a catalog key not created silently, and pick lists that
/// filter as you type and take an unlisted value where the values are open.
@Suite struct AddingKeysTests {
  static let info = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundlePackageType</key>
    \t<string>APPL</string>
    \t<key>NSAppTransportSecurity</key>
    \t<dict>
    \t\t<key>NSExceptionDomains</key>
    \t\t<dict>
    \t\t\t<key>example.com</key>
    \t\t\t<dict>
    \t\t\t\t<key>NSIncludesSubdomains</key>
    \t\t\t\t<true/>
    \t\t\t</dict>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>
    """

  static let manifest = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>NSPrivacyAccessedAPITypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>NSPrivacyAccessedAPIType</key>
    \t\t\t<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
    \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
    \t\t\t<array/>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>
    """

  func state() -> AppState {
    let app = BundleNode(
      path: "Keys.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "Keys.app/Info.plist", role: .infoPlist,
          document: UIFixtures.document(Self.info, "Keys.app/Info.plist")),
        BundleFile(
          path: "Keys.app/PrivacyInfo.xcprivacy", role: .privacyManifest,
          document: UIFixtures.document(Self.manifest, "Keys.app/PrivacyInfo.xcprivacy")),
      ], platforms: [.iOS])
    let bundle = AppBundle(
      inputPath: "Keys.app", inputKind: .bundle, isBuilt: false, bundles: [app])
    return AppState(
      session: Session(title: "Keys.app", bundle: bundle), size: Size(width: 120, height: 40))
  }

  /// `state` with the row at `path` (our key-path syntax) of file `file` selected.
  func at(_ file: Int, _ path: String) throws -> AppState {
    var s = state()
    let indices = s.session.indexPath(of: try KeyPath(parsing: path), in: file)
    s.select(.node(file: file, path: indices), reveal: .center)
    return s
  }

  func press(_ state: inout AppState, _ keys: String) {
    for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
  }

  func suggestions(_ state: AppState) -> [String] {
    guard case .input(let prompt)? = state.modal else { return [] }
    return prompt.suggestions.map(\.key)
  }

  @Test func insideAnExceptionDomainTheExceptionKeysComplete() throws {
    var s = try at(
      0, "NSAppTransportSecurity.NSExceptionDomains.\"example.com\".NSIncludesSubdomains")
    press(&s, "a N S E x c e p t i o n")
    let offered = suggestions(s)
    #expect(offered.contains("NSExceptionAllowsInsecureHTTPLoads"))
    #expect(offered.contains("NSExceptionMinimumTLSVersion"))
    // At the root the same letters offer no exception key.
    var root = try at(0, "CFBundlePackageType")
    press(&root, "a N S E x c e p t i o n")
    #expect(!suggestions(root).contains("NSExceptionAllowsInsecureHTTPLoads"))
    // Beside a domain (a collapsed one), the new key is a domain name: nothing is offered
    // (the exception keys were, found running the inspector on a corpus bundle).
    var domains = try at(0, "NSAppTransportSecurity.NSExceptionDomains.\"example.com\"")
    domains.tree.expansion.set(domains.selection!, expanded: false)
    press(&domains, "a N S E x c e p t i o n")
    guard case .input(let prompt)? = domains.modal, case .newKey(let parent, _) = prompt.purpose
    else {
      Issue.record("no key prompt")
      return
    }
    #expect(domains.session.key(parent) == "NSExceptionDomains")
    #expect(suggestions(domains).isEmpty)
  }

  @Test func insideAPrivacyManifestEntryItsKeysCompleteAndCategoriesAndReasonsArePicked() throws {
    // With the reasons deleted, the entry's keys complete inside it (not the root's).
    var s = try at(1, "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons")
    press(&s, "d a N S P r i v a c y")
    #expect(suggestions(s) == ["NSPrivacyAccessedAPITypeReasons"])
    // The category's value is picked from the categories.
    press(&s, "Esc e")
    guard case .choice(let categories)? = s.modal else {
      Issue.record("no category pick list: \(String(describing: s.message))")
      return
    }
    #expect(categories.options.contains("NSPrivacyAccessedAPICategoryFileTimestamp"))
    #expect(!categories.acceptsOther)
    // Adding to the reasons offers the codes of the category beside them.
    var r = try at(1, "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons")
    press(&r, "a")
    guard case .choice(let reasons)? = r.modal else {
      Issue.record("no reason pick list: \(String(describing: r.message))")
      return
    }
    let expected = PrivacyManifestCatalog.categoriesByName[
      "NSPrivacyAccessedAPICategoryUserDefaults"]?.reasons.map(\.code)
    #expect(reasons.options == expected)
    press(&r, "C A 9 2 Enter")
    let items = r.session.node(
      .node(
        file: 1,
        path: r.session.indexPath(
          of: try KeyPath(parsing: "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons"),
          in: 1)))?.value.arrayValue
    #expect(items?.map(\.value) == [.string("CA92.1")])
  }

  @Test func aNewItemOfAnArrayOfEntriesIsADictionary() throws {
    var s = try at(1, "NSPrivacyAccessedAPITypes[0]")
    press(&s, "h a")
    let array = s.session.node(
      .node(
        file: 1,
        path: s.session.indexPath(of: try KeyPath(parsing: "NSPrivacyAccessedAPITypes"), in: 1)))
    #expect(array?.value.arrayValue?.count == 2)
    #expect(array?.value.arrayValue?.last?.value.kind == .dictionary)
  }

  @Test func aTypedPrefixOfACatalogKeyIsNotCreatedSilently() throws {
    var s = try at(0, "CFBundlePackageType")
    press(&s, "a C F B u n d l e Enter")
    guard case .input(let prompt)? = s.modal else {
      Issue.record("the prompt closed")
      return
    }
    #expect(prompt.error?.hasPrefix("CFBundle is not a key Apple documents here") == true)
    press(&s, "Enter")
    guard case .choice(let types)? = s.modal, case .newType(_, _, let key) = types.purpose else {
      Issue.record("no type pick list after the second Enter")
      return
    }
    #expect(key == "CFBundle")
  }

  @Test func pickListsFilterAsYouTypeAndTakeUnlistedValuesWhereOpen() throws {
    // Type-ahead filters the types: "rea" is Real, never a move or a cancel.
    var t = try at(0, "CFBundlePackageType")
    press(&t, "t")
    press(&t, "d i c")
    guard case .choice(let types)? = t.modal else {
      Issue.record("no type pick list")
      return
    }
    #expect(types.visible.map { types.options[$0] } == ["Dictionary"])
    press(&t, "Backspace Backspace")
    guard case .choice(let wider)? = t.modal else { return }
    #expect(wider.visible.map { wider.options[$0] } == ["Date", "Data", "Dictionary"])
    // CFBundlePackageType's values are open: XPC! is not listed and is taken as typed.
    var v = try at(0, "CFBundlePackageType")
    press(&v, "e X P C ! Enter")
    let root = v.session.files[0].root?.value.dictionaryValue
    #expect(root?["CFBundlePackageType"]?.value == .string("XPC!"))
    // A closed list refuses an unlisted value.
    var c = try at(1, "NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPIType")
    press(&c, "e z z z Enter")
    #expect(c.message?.text.hasPrefix("nothing in the list matches \"zzz\"") == true)
  }
}
