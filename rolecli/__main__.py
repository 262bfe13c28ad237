from rolecli.cli import main

main()
