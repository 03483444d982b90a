import Foundation
import Rulebook

// The sign-up rules from this target's bundle (signup.rules imports common.rules).
let rules = try CompiledRuleSet(resource: "signup", bundle: .module, subdirectory: "Rules")

// Fields named by the plugin's constants, not by strings.
let record: Value = [
    SignupRules.name: "Ad4", SignupRules.email: "ada@example.com", SignupRules.password: "s3cretpass",
    SignupRules.passwordConfirmation: "s3cretpass", SignupRules.terms: true,
]
for field in SignupRules.allFields {
    let statuses = rules.validateField(field, in: record).map { "\($0.status)" }
    print("\(field): \(statuses.joined(separator: ", "))")
}

// The Codable model `rulebook generate swift` wrote for order.rules.
let json = #"""
    {"id": "0b7c8a2e-5f1d-4c3b-9a6e-2d4f8b1c7e90", "customer": {"name": "Ada"},
     "items": [{"sku": "ABC-1234", "quantity": 2}], "delivery-note": "ring twice"}
    """#
let order = try JSONDecoder().decode(OrderRules.Record.self, from: Data(json.utf8))
print("order: \(order.customer.name), \(order.items[0].sku) × \(order.items[0].quantity), note: \(order.deliveryNote ?? "-")")
let orderRules = try CompiledRuleSet(contentsOfFile: CommandLine.arguments[1])
print("order valid: \(try orderRules.isValid(order))")
