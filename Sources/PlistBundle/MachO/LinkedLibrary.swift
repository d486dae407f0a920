/// A dynamic library or framework a Mach-O slice links, from one `dylib_command`.
package struct LinkedLibrary: Sendable, Hashable {
  /// How the library is linked: the load command that names it.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    /// `LC_LOAD_DYLIB`: required at launch.
    case load
    /// `LC_LOAD_WEAK_DYLIB`: may be missing at run time.
    case weak
    /// `LC_REEXPORT_DYLIB`: its symbols are re-exported.
    case reexport
    /// `LC_LAZY_LOAD_DYLIB`: loaded on first use.
    case lazy
    /// `LC_LOAD_UPWARD_DYLIB`: an upward (cyclic) dependency.
    case upward
  }

  /// The install name, such as `@rpath/Foo.framework/Foo` or `/usr/lib/libSystem.B.dylib`.
  package var path: String
  /// How it is linked.
  package var kind: Kind
  /// `current_version`, as `"major.minor.patch"`.
  package var currentVersion: String
  /// `compatibility_version`, as `"major.minor.patch"`.
  package var compatibilityVersion: String
  /// Absolute file offset of the load command.
  package var offset: Int

  /// Creates a linked library.
  package init(
    path: String, kind: Kind, currentVersion: String = "0.0.0",
    compatibilityVersion: String = "0.0.0", offset: Int = 0
  ) {
    self.path = path
    self.kind = kind
    self.currentVersion = currentVersion
    self.compatibilityVersion = compatibilityVersion
    self.offset = offset
  }

  /// The framework name when the path names one (`…/UIKit.framework/UIKit` → `UIKit`).
  package var frameworkName: String? {
    let parts = path.split(separator: "/")
    guard let bundle = parts.last(where: { $0.hasSuffix(".framework") }) else { return nil }
    return String(bundle.dropLast(".framework".count))
  }
}
