import PlistBundle
import PlistCore

/// Small readings shared by the privacy-manifest rules.
enum PrivacyManifestFacts {
  /// The findings for a dictionary `dictionary` at `path` whose keys must be among `expected`
  /// with the given kinds: one per unknown key and one per value of the wrong kind.
  ///
  /// - Parameters:
  ///   - subject: the file, to locate findings.
  ///   - rule: the rule reporting.
  ///   - dictionary: the dictionary to check.
  ///   - path: where it is.
  ///   - expected: the allowed keys and their kinds.
  ///   - place: how messages name the dictionary ("the manifest", "this collected data type").
  /// - Returns: the findings, in key order.
  static func keysAndKinds(
    _ subject: LintSubject, _ rule: RuleDescription, _ dictionary: PlistDictionary,
    at path: KeyPath, expected: [(key: String, kind: PlistKind)], place: String
  ) -> [Finding] {
    var findings: [Finding] = []
    var seen: Set<String> = []
    let names = expected.map(\.key)
    for key in dictionary.keys where seen.insert(key).inserted {
      let keyPath = path.appending(key: key)
      guard let kind = expected.first(where: { $0.key == key })?.kind else {
        findings.append(
          subject.finding(
            rule, at: keyPath,
            "\(key) is not a key \(place) may hold (\(names.joined(separator: ", "))); App "
              + "Store Connect rejects manifests with unexpected keys, so remove or correct it"))
        continue
      }
      if let node = dictionary[key], node.value.kind != kind {
        findings.append(
          subject.finding(
            rule, at: keyPath,
            "\(key) is \(node.value.kind.article); App Store Connect accepts only "
              + "\(kind.article) here, so change its type"))
      }
    }
    return findings
  }
}
