// Warm Saxon-HE reference for `pnpm bench`: compiles one XSLT (the official EN 16931 CII validation stylesheet from
// the oracle artefacts) ONCE, then answers requests on stdin, one per line, in one JVM so the JIT stays warm:
//   warm <seconds> <file>...   transform the files round-robin until <seconds> have passed; prints "ok <runs>"
//   run <file>                 one parse + transform of <file> to an SVRL tree; prints "ms <elapsed> <failed-asserts>"
//   runs <k> <file>            k parse + transforms of <file> back to back; prints "ms <e1>,<e2>,... <failed-asserts>"
//   quit
// Run in source-file mode: java -cp /usr/share/java/Saxon-HE.jar bench/saxon/SaxonHarness.java <stylesheet.xslt>
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.*;

public class SaxonHarness {
  public static void main(String[] args) throws Exception {
    Processor proc = new Processor(false);
    XsltExecutable exec = proc.newXsltCompiler().compile(new StreamSource(new File(args[0])));
    DocumentBuilder builder = proc.newDocumentBuilder();
    XPathCompiler xpc = proc.newXPathCompiler();
    xpc.declareNamespace("svrl", "http://purl.oclc.org/dsdl/svrl");
    XPathSelector failed = xpc.compile("count(//svrl:failed-assert)").load();
    Xslt30Transformer t = exec.load30();
    PrintStream out = new PrintStream(System.out, true, "UTF-8");
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    out.println("ready");
    String line;
    while ((line = in.readLine()) != null) {
      String[] p = line.split("\t");
      if (p[0].equals("quit")) break;
      try {
        if (p[0].equals("warm")) {
          long until = System.nanoTime() + (long) (Double.parseDouble(p[1]) * 1e9);
          int runs = 0;
          while (System.nanoTime() < until) {
            for (int i = 2; i < p.length; i++) { once(builder, t, p[i]); runs++; }
          }
          out.println("ok " + runs);
        } else if (p[0].equals("run")) {
          long s = System.nanoTime();
          XdmNode svrl = once(builder, t, p[1]);
          double ms = (System.nanoTime() - s) / 1e6;
          failed.setContextItem(svrl);
          out.println("ms " + ms + " " + failed.evaluateSingle().getStringValue());
        } else if (p[0].equals("runs")) {
          int k = Integer.parseInt(p[1]);
          StringBuilder ms = new StringBuilder();
          XdmNode svrl = null;
          for (int i = 0; i < k; i++) {
            long s = System.nanoTime();
            svrl = once(builder, t, p[2]);
            if (i > 0) ms.append(',');
            ms.append((System.nanoTime() - s) / 1e6);
          }
          failed.setContextItem(svrl);
          out.println("ms " + ms + " " + failed.evaluateSingle().getStringValue());
        } else {
          out.println("error unknown command " + p[0]);
        }
      } catch (Exception e) {
        out.println("error " + String.valueOf(e.getMessage()).replace('\n', ' '));
      }
    }
  }

  static XdmNode once(DocumentBuilder builder, Xslt30Transformer t, String file) throws SaxonApiException {
    XdmNode doc = builder.build(new File(file));
    XdmDestination dest = new XdmDestination();
    t.applyTemplates(doc, dest);
    return dest.getXdmNode();
  }
}
