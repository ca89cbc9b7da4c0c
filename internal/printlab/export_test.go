package printlab

// Stepped is stepped, for the tests of a last attempt that ran out of time.
var Stepped = (*Service).stepped
