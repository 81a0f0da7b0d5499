using MicroDb.Npgsql.Benchmarks;

return BenchProgram.Run(args);
