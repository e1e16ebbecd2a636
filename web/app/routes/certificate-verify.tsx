import { useParams } from 'react-router';
import { VerifyCertificate } from '../../features/certificates/components/verify-certificate';

export function Component() {
  const { number = '' } = useParams();
  return <VerifyCertificate key={number} number={number} />;
}
