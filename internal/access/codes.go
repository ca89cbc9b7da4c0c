package access

// The stable codes of the refusals of the access rules: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeAccessCodeRequired = "access_code_required"
	CodeCaptchaInvalid     = "captcha_invalid"
	CodeCaptchaRequired    = "captcha_required"
	CodeEmailRequired      = "email_required"
	CodeInvalidAccessCode  = "invalid_access_code"
	CodeInvalidEmail       = "invalid_email"
	CodeInvalidOneTimeCode = "invalid_one_time_code"
	CodeNotClientCode      = "not_client_code"
)
