package server

// SharedPlan tells whether a GraphQL request body would be kept per class
// of viewer (gallerycache.go), for the tests of package server_test.
func SharedPlan(body []byte) bool { return analyse(body).shared }
