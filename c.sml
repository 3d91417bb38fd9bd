val _ = print "hi\n";
