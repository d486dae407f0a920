import PlistBundle
import PlistCore

extension KnownKeys {
  /// Documents, URL types, type declarations, icons and extensions, with the keys of their items
  /// (https://developer.apple.com/documentation/bundleresources/information-property-list).
  static let documents: [KnownKey] = [
    KnownKey(
      "CFBundleDocumentTypes", display: "Document types", types: [.array],
      summary: "The document types the app can open, each a dictionary",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "CFBundleTypeName", display: "Document Type Name", types: [.string],
      within: ["CFBundleDocumentTypes"],
      summary: "The name of a document type, which App Store Connect requires",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "CFBundleTypeRole", display: "Role", types: [.string],
      within: ["CFBundleDocumentTypes", "CFBundleURLTypes"],
      summary: "What the app does with the type or URL: edit, view, and so on",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "LSHandlerRank", display: "Handler rank", types: [.string], within: ["CFBundleDocumentTypes"],
      summary: "How strongly the app claims a document type",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "LSItemContentTypes", display: "Document Content Type UTIs", types: [.array],
      within: ["CFBundleDocumentTypes"], summary: "The uniform type identifiers of a document type",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "CFBundleTypeIconFile", display: "Icon File Name", types: [.string],
      within: ["CFBundleDocumentTypes"], summary: "The icon file of a document type",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "LSTypeIsPackage", display: "Document is a package or bundle", types: [.boolean],
      within: ["CFBundleDocumentTypes"],
      summary: "Says a document of this type is a folder shown as one file",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "NSDocumentClass", display: "Cocoa NSDocument Class", types: [.string],
      within: ["CFBundleDocumentTypes"], summary: "The document class that handles the type",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "NSExportableTypes", types: [.array], within: ["CFBundleDocumentTypes"],
      summary: "The types a document of this type can be exported as",
      url: infoPage + "cfbundledocumenttypes"),
    KnownKey(
      "CFBundleURLName", display: "URL identifier", types: [.string], within: ["CFBundleURLTypes"],
      summary: "The identifier of a URL type, usually in reverse-DNS form",
      url: infoPage + "cfbundleurltypes"),
    KnownKey(
      "CFBundleURLSchemes", display: "URL Schemes", types: [.array], within: ["CFBundleURLTypes"],
      summary: "The URL schemes of a URL type, without the colon",
      url: infoPage + "cfbundleurltypes"),
    KnownKey(
      "CFBundleURLIconFile", display: "URL icon", types: [.string], within: ["CFBundleURLTypes"],
      summary: "The icon of a URL type", url: infoPage + "cfbundleurltypes"),
    KnownKey(
      "UTExportedTypeDeclarations", display: "Exported Type Identifiers", types: [.array],
      platforms: [.iOS: "5.0", .iPadOS: "5.0", .macOS: "10.7", .visionOS: "1.0"],
      summary: "The uniform types the app owns and declares to the system",
      url: infoPage + "utexportedtypedeclarations"),
    KnownKey(
      "UTImportedTypeDeclarations", display: "Imported Type Identifiers", types: [.array],
      platforms: [.iOS: "3.2", .iPadOS: "3.2", .macOS: "10.5", .visionOS: "1.0"],
      summary: "The uniform types the app uses but does not own",
      url: infoPage + "utimportedtypedeclarations"),
    KnownKey(
      "UTTypeIdentifier", display: "Identifier", types: [.string],
      within: ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"],
      summary: "The identifier of a declared uniform type",
      url: infoPage + "utexportedtypedeclarations"),
    KnownKey(
      "UTTypeConformsTo", display: "Conforms To", types: [.array],
      within: ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"],
      summary: "The types a declared type conforms to", url: infoPage + "utexportedtypedeclarations"
    ),
    KnownKey(
      "UTTypeDescription", display: "Description", types: [.string],
      within: ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"],
      summary: "The user-visible description of a declared type",
      url: infoPage + "utexportedtypedeclarations"),
    KnownKey(
      "UTTypeIconFile", types: [.string],
      within: ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"],
      summary: "The icon file of a declared type", url: infoPage + "utexportedtypedeclarations"),
    KnownKey(
      "UTTypeIconFiles", types: [.array],
      within: ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"],
      summary: "The icon files of a declared type", url: infoPage + "utexportedtypedeclarations"),
    KnownKey(
      "UTTypeIcons", types: [.dictionary],
      within: ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"],
      summary: "The icons of a declared type", url: infoPage + "utexportedtypedeclarations"),
    KnownKey(
      "UTTypeTagSpecification", display: "Extensions", types: [.dictionary],
      within: ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"],
      summary: "The filename extensions and MIME types of a declared type",
      url: infoPage + "utexportedtypedeclarations"),
    KnownKey(
      "CFBundlePrimaryIcon", display: "Primary Icon", types: [.dictionary],
      within: ["CFBundleIcons"], summary: "The app's main icon, by file or asset name",
      url: infoPage + "cfbundleicons"),
    KnownKey(
      "CFBundleAlternateIcons", types: [.dictionary], within: ["CFBundleIcons"],
      childKeysAreNames: true, summary: "Alternate app icons, each under a name you choose",
      url: infoPage + "cfbundleicons"),
    KnownKey(
      "CFBundleSymbolName", types: [.string], within: ["CFBundlePrimaryIcon"],
      summary: "The SF Symbol an Action extension uses as its icon", url: infoPage + "cfbundleicons"
    ),
    KnownKey(
      "NSExtension", types: [.dictionary],
      platforms: [.iOS: "8.0", .iPadOS: "8.0", .macOS: "10.10", .visionOS: "1.0"],
      summary: "Describes an app extension: its extension point and principal class or storyboard",
      url: infoPage + "nsextension"),
    KnownKey(
      "NSExtensionPointIdentifier", types: [.string], within: ["NSExtension"],
      summary: "The extension point an app extension plugs into", url: infoPage + "nsextension"),
    KnownKey(
      "NSExtensionPrincipalClass", types: [.string], within: ["NSExtension"],
      summary: "The class the system creates to run an app extension", url: infoPage + "nsextension"
    ),
    KnownKey(
      "NSExtensionMainStoryboard", types: [.string], within: ["NSExtension"],
      summary: "The storyboard an app extension loads instead of a principal class",
      url: infoPage + "nsextension"),
    KnownKey(
      "NSExtensionAttributes", types: [.dictionary], within: ["NSExtension"],
      summary: "Settings specific to the extension point", url: infoPage + "nsextension"),
  ]
}
