import PlistBundle
import PlistCore

/// A compiled asset catalog (`Assets.car`) that infoscope could not read.
struct UnreadableAssetCatalogRule: Rule {
  static let description = RuleDescription(
    identifier: "unreadable_asset_catalog",
    name: "Unreadable Asset Catalog",
    severity: .warning,
    category: .icons,
    appliesTo: [.assetCatalog],
    summary: "A bundle's compiled asset catalog (Assets.car) reads as a BOM store of renditions",
    rationale: """
      `Assets.car` is the asset compiler's output: a BOM store holding the CAR header, the
      rendition key format, the asset names and one CSI rendition per image. When it does not
      read (a truncated copy, a block outside the file, a tree whose nodes loop), the system
      cannot load the images in it either; the checks that read the compiled catalog
      (`icon_name_not_in_catalog`, `missing_compiled_app_store_icon`,
      `compiled_app_store_icon_alpha`, `missing_required_icon_size`) are skipped. Apple does
      not document the format, and a newer compiler may write a form infoscope does not know
      yet, so this is a warning that names the place where reading stopped.
      """,
    appleSource: AppleSource(
      title: "Asset management",
      url: "https://developer.apple.com/documentation/xcode/asset-management"),
    nonTriggering: [
      CompiledIconExamples.catalogExample(
        CompiledIconExamples.catalog(CompiledIconExamples.fullIcon()))
    ],
    triggering: [
      RuleExample([:], role: .assetCatalog, context: CompiledIconExamples.built, expect: [""])
        .within(
          path: CompiledIconExamples.catalogPath,
          bundle: BundleNode(
            path: "App.app", kind: .application, layout: .shallow,
            files: [
              BundleFile(
                path: CompiledIconExamples.catalogPath, role: .assetCatalog, size: 4,
                problem: BundleError(
                  .malformed, "the file is too short for a BOM store header (32 bytes)",
                  offset: 0))
            ]))
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let files = (subject.bundle?.files ?? []) + (subject.input?.files ?? [])
    guard
      let problem = files.first(where: { $0.role == .assetCatalog && $0.path == subject.path })?
        .problem
    else { return [] }
    let offset = problem.offset.map { " (at offset 0x\(String($0, radix: 16)))" } ?? ""
    return [
      subject.finding(
        Self.description, at: .root,
        "infoscope could not read this compiled asset catalog: \(problem.message)\(offset); "
          + "the checks of the compiled app icon were skipped")
    ]
  }
}
