package validate

// SetLinearMax sets how many keys a keyIndex scans before it builds a map
// and returns a function that restores the old limit.
func SetLinearMax(n int) (restore func()) {
	old := linearMax
	linearMax = n
	return func() { linearMax = old }
}
