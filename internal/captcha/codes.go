package captcha

// The stable codes of the refusals of the captcha: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeCaptchaInvalid  = "captcha_invalid"
	CodeCaptchaRequired = "captcha_required"
)
