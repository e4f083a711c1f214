package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/store"
)

func migrateCmd() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   "migrate",
		Short: "Bring the database's schema up to date",
		Long: `Apply the schema migrations a PostgreSQL database lacks (norns serve does the
same at start-up). Several instances may migrate at once: an advisory lock
makes them take turns, and each migration is applied once. A SQLite file is
created or completed the same way.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			w := cmd.OutOrStdout()
			if !store.IsPostgres(db) {
				st, err := store.OpenSQLite(ctx, db)
				if err != nil {
					return err
				}
				fmt.Fprintf(w, "%s: schema up to date\n", db)
				return st.Close()
			}
			st, err := store.OpenPostgres(ctx, db)
			if err != nil {
				return err
			}
			defer st.Close()
			applied := st.Applied()
			if len(applied) == 0 {
				fmt.Fprintln(w, "schema up to date: no migration to apply")
			}
			ms, err := store.Migrations()
			if err != nil {
				return err
			}
			for _, m := range ms {
				for _, v := range applied {
					if v == m.Version {
						fmt.Fprintf(w, "applied %s\n", m.Name)
					}
				}
			}
			fmt.Fprintf(w, "schema %s at version %d\n", st.Schema(), ms[len(ms)-1].Version)
			return nil
		},
	}
	cmd.Flags().StringVar(&db, "db", "norns.db", "SQLite database file, or postgres:// URL")
	return cmd
}
