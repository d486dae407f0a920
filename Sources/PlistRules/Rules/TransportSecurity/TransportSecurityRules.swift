extension RuleCatalog {
  /// App Transport Security.
  static let transportSecurity: [any Rule.Type] = [
    ArbitraryLoadsRule.self,
    IgnoredArbitraryLoadsRule.self,
    WebOrMediaArbitraryLoadsRule.self,
    InsecureHTTPExceptionRule.self,
    WeakMinimumTLSVersionRule.self,
    MalformedExceptionDomainRule.self,
    EmptyExceptionDomainRule.self,
    SubdomainsOnAddressRule.self,
    MisplacedTransportSecurityKeyRule.self,
    UndocumentedExceptionKeyRule.self,
    UnknownExceptionDomainKeyRule.self,
  ]
}
