module norns

go 1.26
