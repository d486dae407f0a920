import PlistBundle
import PlistCore

/// The bundles of one input by path and by identifier, built once per lint so that rules that
/// look across bundles (the same identifier twice) cost what the bundles they name cost,
/// not a walk of the whole input per file.
package struct BundleIndex: Sendable {
  /// What the index knows of one bundle.
  package struct Entry: Sendable, Hashable {
    /// The bundle's path inside the input.
    package var path: String
    /// Its kind.
    package var kind: BundleKind
    /// Its `CFBundleIdentifier`, as written (nil when absent, empty or a placeholder).
    package var identifier: String?
    /// The path of the application it belongs to: the nearest app, watch app or App Clip
    /// holding it (itself when it is one), or its top-level bundle.
    package var application: String
    /// Which top-level bundle of the input holds it (its index in `AppBundle.bundles`).
    package var root: Int
  }

  /// Every bundle, by path.
  package private(set) var entries: [String: Entry] = [:]
  /// The paths of the bundles with each identifier, compared without regard to case (the
  /// key is the identifier in lower case), depth first.
  package private(set) var pathsByIdentifier: [String: [String]] = [:]

  /// Indexes the bundles of `input`.
  package init(_ input: AppBundle) {
    for (root, bundle) in input.bundles.enumerated() {
      add(bundle, application: bundle.path, root: root)
    }
  }

  private mutating func add(_ bundle: BundleNode, application: String, root: Int) {
    let scope =
      [.application, .watchApplication, .appClip].contains(bundle.kind) ? bundle.path : application
    var identifier = bundle.identifier
    if let id = identifier, id.isEmpty || id.contains("$(") || id.contains("${") {
      identifier = nil
    }
    entries[bundle.path] = Entry(
      path: bundle.path, kind: bundle.kind, identifier: identifier, application: scope,
      root: root)
    if let identifier {
      pathsByIdentifier[identifier.lowercased(), default: []].append(bundle.path)
    }
    for child in bundle.children { add(child, application: scope, root: root) }
  }

  /// The other bundles of the same top-level bundle whose identifier equals `identifier`
  /// (ignoring case), depth first; `path` itself is left out.
  package func others(withIdentifier identifier: String, than path: String) -> [Entry] {
    guard let root = entries[path]?.root else { return [] }
    return (pathsByIdentifier[identifier.lowercased()] ?? []).compactMap { other in
      guard other != path, let entry = entries[other], entry.root == root else { return nil }
      return entry
    }
  }
}

/// A day of the Gregorian calendar in UTC, for requirements that start on a date.
package struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, month (1–12) and day (1–31).
  package var year: Int
  package var month: Int
  package var day: Int

  /// A day from its parts.
  package init(_ year: Int, _ month: Int, _ day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Whole calendar days from the start of this day (UTC) to `date`.
  ///
  /// 0 on the day itself, negative once it has passed (yesterday is -1): the one count for
  /// expiry, in findings and in the inspector.
  package func days(until date: PlistDate) -> Int {
    let start = PlistDate(
      year: Int64(year), month: Int64(month), day: Int64(day), hour: 0, minute: 0, second: 0)
    return Int(
      ((date.secondsSinceReferenceDate - start.secondsSinceReferenceDate) / 86_400)
        .rounded(.down))
  }

  package static func < (a: CalendarDay, b: CalendarDay) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  /// `2026-04-28`.
  package var description: String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day))"
  }

  /// `April 28, 2026`, as Apple's news pages write dates.
  package var spelled: String {
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    let name = (1...12).contains(month) ? months[month - 1] : "month \(month)"
    return "\(name) \(day), \(year)"
  }
}
