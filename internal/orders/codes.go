package orders

// The stable codes of the refusals of orders: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeBadSignature             = "bad_signature"
	CodeGiftCardChanged          = "gift_card_changed"
	CodeInvalidExpectedTotal     = "invalid_expected_total"
	CodeOrderNoPrints            = "order_no_prints"
	CodeOrderNotFound            = "order_not_found"
	CodeOrderNotPayable          = "order_not_payable"
	CodeOrderState               = "order_state"
	CodePaymentInProgress        = "payment_in_progress"
	CodePaymentMethodUnavailable = "payment_method_unavailable"
	CodePaymentUnavailable       = "payment_unavailable"
	CodeRefundAmount             = "refund_amount"
	CodeRetouchRequired          = "retouch_required"
	CodeTermsRequired            = "terms_required"
	CodeTotalChanged             = "total_changed"
	CodeUnknownProvider          = "unknown_provider"
	CodeVoucherAlreadyUsed       = "voucher_already_used"
	CodeVoucherUsedUp            = "voucher_used_up"
)
