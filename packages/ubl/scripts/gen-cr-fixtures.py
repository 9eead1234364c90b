#!/usr/bin/env python3
"""Writes test/fixtures/ubl-cr/cr-*.xml: our own minimal UBL Invoice / CreditNote with many of the elements and
attributes the UBL-CR rules forbid inserted (paths from src/rules/ubl-cr-table.ts). Run the official oracle on them
once (validate-cii.py --syntax ubl, all files in one call) and store its (id, flag, count) lists in expected.json
with --expect <oracle-output.json>."""
import json, os, re, sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'test', 'fixtures', 'ubl-cr')
NS = {
    'cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    'cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    'ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
}
for p, u in NS.items(): ET.register_namespace(p, u)
INV = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'
CN = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2'
ET.register_namespace('', INV)

def base(kind):
    line = 'InvoiceLine' if kind == 'inv' else 'CreditNoteLine'
    qty = 'InvoicedQuantity' if kind == 'inv' else 'CreditedQuantity'
    tc = '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>' if kind == 'inv' else '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>'
    root = 'Invoice' if kind == 'inv' else 'CreditNote'
    ns = INV if kind == 'inv' else CN
    party = lambda name, vat: f'''<cac:Party><cac:PostalAddress><cbc:CityName>Berlin</cbc:CityName><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
<cac:PartyTaxScheme><cbc:CompanyID>{vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>{name}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>'''
    return f'''<{root} xmlns="{ns}" xmlns:cac="{NS['cac']}" xmlns:cbc="{NS['cbc']}">
<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>K-1</cbc:ID><cbc:IssueDate>2026-01-15</cbc:IssueDate>{tc}
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:BuyerReference>B-1</cbc:BuyerReference>
<cac:AccountingSupplierParty>{party('Kontor Verkauf GmbH', 'DE123456789')}</cac:AccountingSupplierParty>
<cac:AccountingCustomerParty>{party('Kunde AG', 'DE987654321')}</cac:AccountingCustomerParty>
<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">19.00</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">19.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">119.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">119.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
<cac:{line}><cbc:ID>1</cbc:ID><cbc:{qty} unitCode="C62">1</cbc:{qty}><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
<cac:Item><cbc:Name>Ware</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
<cac:Price><cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount></cac:Price></cac:{line}>
</{root}>'''

def table():
    src = open(os.path.join(HERE, '..', 'src', 'rules', 'ubl-cr-table.ts')).read()
    return [(m.group(1), re.findall(r"'([^']+)'", m.group(2))) for m in re.finditer(r"\['(UBL-CR-\d+)', '\w+', \[([^\]]*)\]\]", src)]

def qn(step):
    p, l = step.split(':')
    return f'{{{NS[p]}}}{l}'

def insert(root, path, kind):
    anchored = not path.startswith('//')
    steps = (path if anchored else path[2:]).split('/')
    attr = steps.pop()[1:] if steps[-1].startswith('@') else None
    lines = {'inv': 'cac:InvoiceLine', 'cn': 'cac:CreditNoteLine'}
    if steps and steps[0] in lines.values() and steps[0] != lines[kind]: return False
    cur = root
    for s in steps:
        if s.startswith('ext:'):
            nxt = None
        else:
            nxt = cur.find(qn(s))
        if nxt is None:
            nxt = ET.SubElement(cur, qn(s))
            if s.startswith('cbc:'): nxt.text = '1'
        cur = nxt
    if attr: cur.set(attr, 'x')
    return True

def main():
    rows = table()
    os.makedirs(OUT, exist_ok=True)
    groups = 8
    for g in range(groups):
        kind = 'inv' if g % 2 == 0 else 'cn'
        root = ET.fromstring(base(kind))
        for i, (rid, paths) in enumerate(rows):
            if i % groups != g: continue
            for p in paths:
                if insert(root, p, kind): break
        ET.ElementTree(root).write(os.path.join(OUT, f'cr-{g + 1}.xml'), encoding='utf-8', xml_declaration=True)
    # the five hand-written rules (CR-002, 412, 665, 666, 673): firing on an invoice, not firing on a credit note
    for n, kind, ver in ((groups + 1, 'inv', '2.0'), (groups + 2, 'cn', '2.1')):
        root = ET.fromstring(base(kind))
        v = ET.Element(qn('cbc:UBLVersionID')); v.text = ver; root.insert(0, v)
        pm = ET.SubElement(root, qn('cac:PaymentMeans'))
        ET.SubElement(pm, qn('cbc:PaymentMeansCode')).text = '58'
        ET.SubElement(pm, qn('cbc:PaymentDueDate')).text = '2026-02-01'
        adr = ET.SubElement(root, qn('cac:AdditionalDocumentReference'))
        ET.SubElement(adr, qn('cbc:ID'), {'schemeID': 'AAA'}).text = 'OBJ-1'
        ET.SubElement(adr, qn('cbc:DocumentTypeCode')).text = '130'
        if kind == 'inv':
            ET.SubElement(adr, qn('cbc:DocumentDescription')).text = 'Objekt'
            ET.SubElement(ET.SubElement(adr, qn('cac:Attachment')), qn('cac:ExternalReference'))
            other = ET.SubElement(root, qn('cac:AdditionalDocumentReference'))
            ET.SubElement(other, qn('cbc:ID'), {'schemeID': 'AAA'}).text = 'DOC-2'
        ET.ElementTree(root).write(os.path.join(OUT, f'cr-{n}.xml'), encoding='utf-8', xml_declaration=True)
    print(f'wrote {groups + 2} files to {OUT}')

def expect(oracle_json):
    res = json.load(open(oracle_json))['results']
    out = {}
    for f, r in sorted(res.items()):
        counts = {}
        for x in r['en16931']['failed']:
            counts[(x['id'], x['flag'])] = counts.get((x['id'], x['flag']), 0) + 1
        out[os.path.basename(f)] = [{'id': i, 'flag': fl, 'count': n} for (i, fl), n in sorted(counts.items())]
    with open(os.path.join(OUT, 'expected.json'), 'w') as fh:
        json.dump({'source': 'validate-cii.py --syntax ubl (CEN EN 16931 UBL 1.3.16), en16931 failed asserts', 'files': out}, fh, indent=1)
        fh.write('\n')

if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == '--expect': expect(sys.argv[2])
    else: main()
