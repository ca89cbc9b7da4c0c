package printlab

// The stable codes of the print lab's refusals (the GraphQL schema lists
// them in PrintLabErrorCode; graph/errorcodes_test.go checks both).
const (
	CodePrintSheetEmpty    = "print_sheet_empty"
	CodePrintSheetNotFound = "print_sheet_not_found"
	CodePrintSheetNotReady = "print_sheet_not_ready"
	CodePrintSheetExpired  = "print_sheet_expired"
)
