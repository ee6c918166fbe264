import { AuditScreen } from '../components/audit-screen';

/** /admin/auditoria: the admin city's audit log, who changed what (issue 11, domain §10). */
export function Component() {
  return <AuditScreen />;
}
