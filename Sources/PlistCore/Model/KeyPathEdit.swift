/// One change to a property list, named by key path: the plain data a rule's fix and the
/// `set`/`remove`/`rename` commands give, which the editing layer resolves against the tree it
/// is applied to.
///
/// Equality compares the values (`PlistValue`'s `==`); hashing takes their kind only, since
/// values are not `Hashable`.
package enum KeyPathEdit: Sendable, Hashable {
  /// Sets the value at a key path, adding the last key to its dictionary when it is missing.
  case set(KeyPath, PlistValue)
  /// Removes the node at a key path (the entry lookup answers with: the last of a doubled key).
  case remove(KeyPath)
  /// Renames the key at a key path.
  case rename(KeyPath, to: String)

  /// The key path the edit names.
  package var keyPath: KeyPath {
    switch self {
    case .set(let keyPath, _), .remove(let keyPath), .rename(let keyPath, _): keyPath
    }
  }

  /// Hashes the case, the key path, and the value's kind or the new key.
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .set(let keyPath, let value):
      hasher.combine(0)
      hasher.combine(keyPath)
      hasher.combine(value.kind)
    case .remove(let keyPath):
      hasher.combine(1)
      hasher.combine(keyPath)
    case .rename(let keyPath, let key):
      hasher.combine(2)
      hasher.combine(keyPath)
      hasher.combine(key)
    }
  }
}
