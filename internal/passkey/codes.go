package passkey

// The stable codes of the refusals of the passkey ceremonies: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeInvalidPasskeyResponse = "invalid_passkey_response"
	CodePasskeyChallengeEnded  = "passkey_challenge_ended"
	CodePasskeyCloned          = "passkey_cloned"
	CodePasskeyExists          = "passkey_exists"
	CodePasskeysUnavailable    = "passkeys_unavailable"
	CodeRequired               = "required"
	CodeTooLong                = "too_long"
	CodeUnknownPasskey         = "unknown_passkey"
)
