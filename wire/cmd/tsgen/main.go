// Command tsgen writes the TypeScript types of package wire (package
// wire/tsgen) to the file its argument names, web/src/wire.ts by go
// generate ./web.
package main

import (
	"fmt"
	"os"

	"github.com/norns-games/norns/wire/tsgen"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tsgen <file.ts>")
		os.Exit(2)
	}
	b, err := tsgen.Generate()
	if err == nil {
		err = os.WriteFile(os.Args[1], b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
